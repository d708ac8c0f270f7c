// Requests the platform sends (queries, INVITE, BYE): retransmission over UDP and matching answers;
// and requests devices send: their retransmissions absorbed or answered again.
import { createHash } from 'node:crypto';
import { getHeader, parseCSeq, parseVia, type SipRequest, type SipResponse } from '@svc/gb28181';
import type { Peer, SipTransport } from './transport.js';

/** RFC 3261 timers: T1 500 ms doubling to T2 4 s. */
const T1 = 500;
const T2 = 4000;

type Pending = {
  resolve: (r: SipResponse) => void;
  reject: (e: Error) => void;
  onProvisional?: ((r: SipResponse) => void) | undefined;
  deadline: NodeJS.Timeout;
  retransmit: NodeJS.Timeout | undefined;
};

export class SipTimeoutError extends Error {
  constructor(method: string) {
    super(`no answer to ${method}`);
  }
}

const keyOf = (branch: string, method: string) => `${branch} ${method}`;

export class ClientTransactions {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly transport: SipTransport) {}

  /** Sends and resolves with the final answer; rejects with SipTimeoutError after timeoutMs. */
  request(
    req: SipRequest,
    peer: Peer,
    { timeoutMs = 8000, onProvisional }: { timeoutMs?: number; onProvisional?: (r: SipResponse) => void } = {},
  ): Promise<SipResponse> {
    const via = parseVia(getHeader(req, 'via') ?? '');
    const branch = via.ok ? via.value.params.get('branch') : undefined;
    if (!branch) return Promise.reject(new Error('request without a Via branch'));
    const key = keyOf(branch, req.method);
    return new Promise<SipResponse>((resolve, reject) => {
      const entry: Pending = {
        resolve,
        reject,
        onProvisional,
        deadline: setTimeout(() => this.finish(key, new SipTimeoutError(req.method)), timeoutMs),
        retransmit: undefined,
      };
      this.pending.set(key, entry);
      this.transport.send(req, peer);
      // Only UDP loses packets; TCP delivers or breaks.
      if (peer.transport === 'UDP') {
        let interval = T1;
        const again = () => {
          if (!this.pending.has(key)) return;
          this.transport.send(req, peer);
          interval = Math.min(interval * 2, T2);
          entry.retransmit = setTimeout(again, interval);
        };
        entry.retransmit = setTimeout(again, interval);
      }
    });
  }

  /** Answers whether the response belonged to a transaction of ours. */
  handleResponse(res: SipResponse): boolean {
    const via = parseVia(getHeader(res, 'via') ?? '');
    const cseq = parseCSeq(getHeader(res, 'cseq') ?? '');
    const branch = via.ok ? via.value.params.get('branch') : undefined;
    if (!branch || !cseq.ok) return false;
    const key = keyOf(branch, cseq.value.method);
    const entry = this.pending.get(key);
    if (!entry) return false;
    if (res.status < 200) {
      // A provisional answer means the device heard us: stop retransmitting, keep waiting.
      if (entry.retransmit) clearTimeout(entry.retransmit);
      entry.retransmit = undefined;
      entry.onProvisional?.(res);
      return true;
    }
    this.finish(key, res);
    return true;
  }

  close(): void {
    for (const key of [...this.pending.keys()]) this.finish(key, new Error('gateway closed'));
  }

  private finish(key: string, outcome: SipResponse | Error): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    this.pending.delete(key);
    clearTimeout(entry.deadline);
    if (entry.retransmit) clearTimeout(entry.retransmit);
    if (outcome instanceof Error) entry.reject(outcome);
    else entry.resolve(outcome);
  }
}

/** How long a final answer is kept for retransmissions of its request: Timer J, 64·T1 (RFC 3261 §17.2.2). */
const TIMER_J = 64 * T1;
/** Past this many open transactions new ones go untracked (handled, not deduplicated) rather than grow memory. */
const MAX_SERVER_TRANSACTIONS = 200_000;

/**
 * Requests devices send over UDP. A device retransmits until it hears a final answer; while its
 * request is still being handled (an alarm waiting on its INSERT) a retransmission is absorbed, and
 * once answered it gets the same answer again, so a slow moment never turns into duplicated work
 * and a longer queue. The top Via and CSeq name the transaction (answers carry them too); the
 * request's digest tells a true retransmission (byte-identical) from a device that reuses both for
 * a new request, which is handled as new.
 */
export class ServerTransactions {
  private readonly entries = new Map<string, { request: string; answer: Buffer | null; until: number }>();
  readonly stats = { absorbed: 0, replayed: 0, untracked: 0 };

  constructor(private readonly now: () => number = Date.now) {}

  private static key(msg: SipRequest | SipResponse, peer: { address: string; port: number }): string | undefined {
    const via = getHeader(msg, 'via');
    const cseq = getHeader(msg, 'cseq');
    return via && cseq ? `${peer.address}:${peer.port} ${via} ${cseq}` : undefined;
  }

  /** 'new' to handle it; 'absorbed' to drop it; or the final answer to send again. */
  receive(req: SipRequest, peer: { address: string; port: number }, raw: Buffer): 'new' | 'absorbed' | Buffer {
    if (req.method === 'ACK') return 'new';
    const key = ServerTransactions.key(req, peer);
    if (key === undefined) return 'new';
    const request = createHash('sha1').update(raw).digest('base64');
    const open = this.entries.get(key);
    if (open?.request === request) {
      if (open.answer) {
        this.stats.replayed++;
        return open.answer;
      }
      this.stats.absorbed++;
      return 'absorbed';
    }
    if (!open && this.entries.size >= MAX_SERVER_TRANSACTIONS) {
      this.stats.untracked++;
      return 'new';
    }
    // An answer that never comes (the handler failed silently) frees the entry after Timer J too.
    this.entries.set(key, { request, answer: null, until: this.now() + TIMER_J });
    return 'new';
  }

  /** Keeps a final answer for the request's retransmissions. */
  answered(res: SipResponse, peer: { address: string; port: number }, bytes: Buffer): void {
    if (res.status < 200) return;
    const key = ServerTransactions.key(res, peer);
    const open = key === undefined ? undefined : this.entries.get(key);
    if (!open) return;
    open.answer = bytes;
    open.until = this.now() + TIMER_J;
  }

  /** Forgets transactions past Timer J. */
  sweep(): void {
    const now = this.now();
    for (const [key, e] of this.entries) if (e.until <= now) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
