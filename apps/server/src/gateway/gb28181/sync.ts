// After a device registers: DeviceInfo (labels) then Catalog (channels), through a small queue
// with jitter and bounded concurrency so thousands of devices registering at once do not stampede.
import {
  catalogQuery,
  deviceInfoQuery,
  encodeBody,
  MANSCDP_CONTENT_TYPE,
  readCatalog,
  readDeviceInfo,
  type CatalogItem,
} from '@svc/gb28181';
import { syncCatalog } from './catalog.js';
import { requestTo } from './context.js';
import type { Registration } from './registry.js';
import type { DeviceCommands } from './commands.js';
import type { GatewayContext } from './context.js';
import { gatewayRepo } from './repo.js';

/** Catalog subscriptions last an hour; registrations refresh well within that. */
const SUBSCRIPTION_EXPIRES_S = 3600;

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
      this.sync(gbCode)
        .then((ok) => {
          if (ok) this.stats.synced++;
          else this.stats.failed++;
          this.onSynced(gbCode, ok);
        })
        .finally(() => {
          this.running--;
          this.queued.delete(gbCode);
          this.pump();
        })
        .catch((err: unknown) => this.ctx.log.error({ err, gbCode }, 'device sync'));
    }
  }

  /**
   * Catalog subscription (GB/T 28181 §9.11): the device then NOTIFYs channel changes (ON/OFF/ADD/DEL/
   * UPDATE). Renewed with every registration refresh; a device that refuses keeps its full syncs.
   */
  async subscribeCatalog(reg: Registration): Promise<boolean> {
    const sn = Math.floor(Math.random() * 1e6);
    const req = requestTo(this.ctx, reg.peer, reg.gbCode, 'SUBSCRIBE', {
      body: encodeBody(catalogQuery({ sn, deviceId: reg.gbCode }), 'GB2312'),
      contentType: MANSCDP_CONTENT_TYPE,
      headers: [
        ['Event', `Catalog;id=${sn}`],
        ['Expires', String(SUBSCRIPTION_EXPIRES_S)],
      ],
    });
    const res = await this.ctx.transactions.request(req, reg.peer, { timeoutMs: 4000 }).catch(() => undefined);
    return res !== undefined && res.status < 300;
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
      await syncCatalog(this.ctx, { id: reg.deviceId, enterpriseId: reg.enterpriseId, gbCode }, items);
      await this.subscribeCatalog(reg);
      return true;
    } catch (err) {
      this.ctx.log.info({ gbCode, err: err instanceof Error ? err.message : String(err) }, 'device sync failed');
      return false;
    }
  }
}
