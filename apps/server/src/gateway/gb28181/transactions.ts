// Requests the platform sends (queries, INVITE, BYE): retransmission over UDP and matching answers.
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
