// SIP transactions of the device role: client retransmission per RFC 3261 timers (E/F) and a
// server-side cache that answers retransmitted requests with the response already sent.
import { getHeader, parseCSeq, parseVia, serializeSip, type SipMessage, type SipResponse } from '@svc/gb28181';
import type { Scheduler, TimerHandle } from './scheduler.js';

export const T1_MS = 500;
export const T2_MS = 4000;
export const TRANSACTION_TIMEOUT_MS = 64 * T1_MS;

/** Where a device's requests go: the shared UDP socket (unreliable) or its own TCP connection. */
export interface SipLink {
  readonly reliable: boolean;
  /** False when the bytes could not be handed to the transport (e.g. TCP not connected). */
  write(buf: Buffer): boolean;
}

interface Pending {
  method: string;
  link: SipLink;
  resolve: (res: SipResponse | undefined) => void;
  retransmit?: TimerHandle;
  timeout: TimerHandle;
}

export function topBranch(msg: SipMessage): string | undefined {
  const via = getHeader(msg, 'via');
  if (via === undefined) return undefined;
  const parsed = parseVia(via);
  return parsed.ok ? parsed.value.params.get('branch') : undefined;
}

export function cseqOf(msg: SipMessage): { seq: number; method: string } | undefined {
  const value = getHeader(msg, 'cseq');
  if (value === undefined) return undefined;
  const parsed = parseCSeq(value);
  return parsed.ok ? parsed.value : undefined;
}

export class ClientTransactions {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly scheduler: Scheduler) {}

  /** Sends a non-INVITE request; answers its final response, or undefined on timeout or transport loss. */
  request(msg: SipMessage, link: SipLink): Promise<SipResponse | undefined> {
    const branch = topBranch(msg);
    const cseq = cseqOf(msg);
    if (branch === undefined || cseq === undefined) throw new Error('request without Via branch or CSeq');
    const buf = serializeSip(msg);
    return new Promise((resolve) => {
      if (!link.write(buf)) {
        resolve(undefined);
        return;
      }
      const p: Pending = {
        method: cseq.method,
        link,
        resolve,
        timeout: this.scheduler.after(TRANSACTION_TIMEOUT_MS, () => this.finish(branch, undefined)),
      };
      this.pending.set(branch, p);
      if (!link.reliable) this.armRetransmit(branch, p, buf, T1_MS);
    });
  }

  /** Feeds a response in; answers false when no transaction of ours owns it. */
  onResponse(res: SipResponse): boolean {
    const branch = topBranch(res);
    const p = branch === undefined ? undefined : this.pending.get(branch);
    if (branch === undefined || p === undefined || cseqOf(res)?.method !== p.method) return false;
    if (res.status >= 200) this.finish(branch, res);
    return true;
  }

  /** Ends every transaction riding on `link` (its TCP connection dropped), or all of them. */
  failAll(link?: SipLink): void {
    for (const [branch, p] of this.pending) if (link === undefined || p.link === link) this.finish(branch, undefined);
  }

  private armRetransmit(branch: string, p: Pending, buf: Buffer, interval: number): void {
    p.retransmit = this.scheduler.after(interval, () => {
      if (this.pending.get(branch) !== p) return;
      p.link.write(buf);
      this.armRetransmit(branch, p, buf, Math.min(interval * 2, T2_MS));
    });
  }

  private finish(branch: string, res: SipResponse | undefined): void {
    const p = this.pending.get(branch);
    if (p === undefined) return;
    this.pending.delete(branch);
    p.retransmit?.cancel();
    p.timeout.cancel();
    p.resolve(res);
  }
}

/** Remembers the response to each request (by branch and method) for 32 s so a retransmission is re-answered, not re-run. */
export class ServerTransactions {
  private readonly answered = new Map<string, Buffer | undefined>();

  constructor(private readonly scheduler: Scheduler) {}

  static key(msg: SipMessage): string | undefined {
    const branch = topBranch(msg);
    const cseq = cseqOf(msg);
    return branch === undefined || cseq === undefined ? undefined : `${branch} ${cseq.method}`;
  }

  /** True when the request was seen before; the cached response (if any) is then sent again through `send`. */
  isRetransmission(key: string, send: (buf: Buffer) => void): boolean {
    if (!this.answered.has(key)) return false;
    const cached = this.answered.get(key);
    if (cached !== undefined) send(cached);
    return true;
  }

  /** Marks the request as seen; `response` may come later through `remember`. */
  open(key: string): void {
    this.answered.set(key, undefined);
    this.scheduler.after(TRANSACTION_TIMEOUT_MS, () => this.answered.delete(key));
  }

  remember(key: string, response: Buffer): void {
    if (this.answered.has(key)) this.answered.set(key, response);
  }
}
