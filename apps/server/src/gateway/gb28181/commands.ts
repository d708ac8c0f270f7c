// Queries and controls the platform sends as MESSAGE, and matching the devices' answers (which
// arrive as separate MESSAGEs carrying the same SN) back to the caller.
import {
  encodeBody,
  MANSCDP_CONTENT_TYPE,
  readCatalog,
  SipTimeoutError,
  type CatalogItem,
  type ManscdpMessage,
} from '@svc/gb28181';
import { requestTo, type GatewayContext } from './context.js';
import type { Registration } from './registry.js';

type Waiter = {
  resolve: (m: ManscdpMessage[]) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
  /** Catalog answers come in several packets; the rest answer once. */
  catalog?: { sumNum: number; items: Map<string, CatalogItem>; messages: ManscdpMessage[] };
};

export class DeviceAnswerTimeout extends Error {
  constructor(cmdType: string) {
    super(`device did not answer ${cmdType}`);
  }
}

export class DeviceCommands {
  private sn = Math.floor(Math.random() * 100_000);
  private readonly waiters = new Map<string, Waiter>();

  constructor(private readonly ctx: GatewayContext) {}

  /**
   * Sends a Query/Control and waits for the matching Response. `xml` gets the SN to use.
   * A Catalog waits for SumNum items (or answers what came when time runs out, if anything did).
   */
  async ask(
    reg: Registration,
    cmdType: string,
    xml: (sn: number) => string,
    timeoutMs = 8000,
  ): Promise<ManscdpMessage[]> {
    const sn = this.nextSn();
    const key = `${reg.gbCode}|${cmdType.toLowerCase()}|${sn}`;
    const answer = new Promise<ManscdpMessage[]>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters.delete(key);
          const partial = waiter.catalog?.messages;
          if (partial && partial.length > 0) resolve(partial);
          else reject(new DeviceAnswerTimeout(cmdType));
        }, timeoutMs),
      };
      if (cmdType === 'Catalog') waiter.catalog = { sumNum: -1, items: new Map(), messages: [] };
      this.waiters.set(key, waiter);
    });
    // Not awaited: under a registration storm the MESSAGE's own transaction can outlast the answer's
    // timeout, and an answer rejected while nobody listens yet is an unhandled rejection (process exit).
    void this.send(reg, xml(sn)).catch((err: unknown) => {
      this.fail(key, err instanceof Error ? err : new Error(String(err)));
    });
    return answer;
  }

  /** Sends a MESSAGE and waits only for its SIP 200 (notifications, controls without answers). */
  async send(reg: Registration, xml: string): Promise<void> {
    const req = requestTo(this.ctx, reg.peer, reg.gbCode, 'MESSAGE', {
      body: encodeBody(xml, 'GB2312'),
      contentType: MANSCDP_CONTENT_TYPE,
    });
    const res = await this.ctx.transactions.request(req, reg.peer);
    if (res.status >= 300) throw new Error(`device answered ${res.status} ${res.reason}`);
  }

  /** A Response MESSAGE from a device; answers whether someone was waiting for it. */
  deliver(reg: Registration, m: ManscdpMessage): boolean {
    const key = `${reg.gbCode}|${m.cmdType.toLowerCase()}|${m.sn}`;
    const waiter = this.waiters.get(key);
    if (!waiter) return false;
    if (!waiter.catalog) {
      this.done(key, [m]);
      return true;
    }
    const c = waiter.catalog;
    const parsed = readCatalog(m);
    if (!parsed.ok) return true;
    c.sumNum = Math.max(c.sumNum, parsed.value.sumNum);
    c.messages.push(m);
    for (const item of parsed.value.items) c.items.set(item.deviceId, item);
    if (c.items.size >= c.sumNum) this.done(key, c.messages);
    return true;
  }

  close(): void {
    for (const key of [...this.waiters.keys()]) this.fail(key, new SipTimeoutError('gateway closed'));
  }

  private nextSn(): number {
    this.sn = (this.sn % 999_999) + 1;
    return this.sn;
  }

  private done(key: string, messages: ManscdpMessage[]): void {
    const w = this.waiters.get(key);
    if (!w) return;
    this.waiters.delete(key);
    clearTimeout(w.timer);
    w.resolve(messages);
  }

  private fail(key: string, err: Error): void {
    const w = this.waiters.get(key);
    if (!w) return;
    this.waiters.delete(key);
    clearTimeout(w.timer);
    w.reject(err);
  }
}
