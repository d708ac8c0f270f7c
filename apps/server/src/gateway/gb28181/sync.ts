// After a device registers: DeviceInfo (labels) then Catalog (channels), through a small queue
// with jitter and bounded concurrency so thousands of devices registering at once do not stampede.
import { catalogQuery, deviceInfoQuery, readCatalog, readDeviceInfo, type CatalogItem } from '@svc/gb28181';
import type { DeviceCommands } from './commands.js';
import type { GatewayContext } from './context.js';
import { gatewayRepo } from './repo.js';

export class SyncQueue {
  private readonly waiting: string[] = [];
  private readonly queued = new Set<string>();
  private running = 0;
  private closed = false;
  readonly stats = { synced: 0, failed: 0 };
  /** Resolves when a device's sync has ended (tests, demo). */
  onSynced: (gbCode: string, ok: boolean) => void = () => undefined;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly commands: DeviceCommands,
  ) {}

  enqueue(gbCode: string): void {
    if (this.queued.has(gbCode) || this.closed) return;
    this.queued.add(gbCode);
    const delay = Math.random() * this.ctx.settings.syncJitterMs;
    setTimeout(() => {
      this.waiting.push(gbCode);
      this.pump();
    }, delay).unref();
  }

  close(): void {
    this.closed = true;
  }

  private pump(): void {
    while (!this.closed && this.running < this.ctx.settings.syncConcurrency && this.waiting.length > 0) {
      const gbCode = this.waiting.shift()!;
      this.running++;
      void this.sync(gbCode)
        .then((ok) => {
          if (ok) this.stats.synced++;
          else this.stats.failed++;
          this.onSynced(gbCode, ok);
        })
        .finally(() => {
          this.running--;
          this.queued.delete(gbCode);
          this.pump();
        });
    }
  }

  private async sync(gbCode: string): Promise<boolean> {
    const reg = this.ctx.registry.get(gbCode);
    if (!reg) return false;
    try {
      const [info] = await this.commands.ask(reg, 'DeviceInfo', (sn) => deviceInfoQuery({ sn, deviceId: gbCode }));
      const labels = info ? readDeviceInfo(info) : undefined;
      if (labels?.ok) await gatewayRepo.setLabels(this.ctx.db, reg.deviceId, labels.value);
      const packets = await this.commands.ask(reg, 'Catalog', (sn) => catalogQuery({ sn, deviceId: gbCode }), 15_000);
      const items: CatalogItem[] = [];
      for (const p of packets) {
        const c = readCatalog(p);
        if (c.ok) items.push(...c.value.items);
      }
      await gatewayRepo.syncCatalog(this.ctx.db, { id: reg.deviceId, enterpriseId: reg.enterpriseId, gbCode }, items);
      return true;
    } catch (err) {
      this.ctx.log.info({ gbCode, err: err instanceof Error ? err.message : String(err) }, 'device sync failed');
      return false;
    }
  }
}
