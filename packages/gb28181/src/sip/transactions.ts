// SIP transactions (RFC 3261 §17) of both roles over any transport: requests we send are retransmitted
// and matched with their answers; requests we receive are answered again, not handled again, when repeated.
import { createHash } from 'node:crypto';
import { parseCSeq, parseVia } from './fields.js';
import { getHeader, serializeSip, type SipMessage, type SipRequest, type SipResponse } from './message.js';

/** RFC 3261 §17.1.1.1: T1 estimates a round trip; retransmission intervals double from it up to T2. */
export const SIP_T1_MS = 500;
export const SIP_T2_MS = 4000;
/** Timer F (a request gives up) and Timer J (an answer is kept for retransmissions): 64·T1. */
export const SIP_TRANSACTION_TIMEOUT_MS = 64 * SIP_T1_MS;

export interface TimerHandle {
  cancel(): void;
}

/** The clock and one-shot timers transactions run on: injected, so a test or a shared scheduler drives them. */
export interface SipTimers {
  /** Milliseconds; only differences are read. */
  now(): number;
  after(ms: number, fn: () => void): TimerHandle;
}

/** A request that heard no final answer in time, or could not be handed to the transport at all. */
export class SipTimeoutError extends Error {
  constructor(method: string) {
    super(`no answer to ${method}`);
  }
}

export interface ClientTransactionsOptions<To> {
  timers: SipTimers;
  /** Hands the bytes to the transport; false when it could not (connection gone), which ends the request at once. */
  send(bytes: Buffer, to: To): boolean;
  /** Only unreliable transports (UDP) lose packets; over TCP nothing is retransmitted. */
  reliable(to: To): boolean;
  /** How long a request waits for its final answer unless it says otherwise; Timer F by default. */
  timeoutMs?: number;
}

export interface RequestOptions {
  timeoutMs?: number;
  onProvisional?: (res: SipResponse) => void;
}

interface Pending<To> {
  branch: string;
  method: string;
  to: To;
  /** tryRequest: no answer resolves undefined instead of rejecting (no Error, no stack, per lost keepalive). */
  quiet: boolean;
  resolve: (res: SipResponse | undefined) => void;
  reject: (err: Error) => void;
  onProvisional: ((res: SipResponse) => void) | undefined;
  deadline: TimerHandle | undefined;
  retransmit: TimerHandle | undefined;
}

function topBranch(msg: SipMessage): string | undefined {
  const via = getHeader(msg, 'via');
  if (via === undefined) return undefined;
  const parsed = parseVia(via);
  return parsed.ok ? parsed.value.params.get('branch') : undefined;
}

/**
 * Requests this side sends; `To` is whatever names a destination to the injected `send`. Keyed by
 * branch alone (the method is checked on the answer): neither side sends CANCEL, the one request
 * that would share its INVITE's branch, and a key built per message would cost every keepalive.
 */
export class ClientTransactions<To> {
  private readonly pending = new Map<string, Pending<To>>();
  private readonly timeoutMs: number;

  constructor(private readonly o: ClientTransactionsOptions<To>) {
    this.timeoutMs = o.timeoutMs ?? SIP_TRANSACTION_TIMEOUT_MS;
  }

  /** Resolves with the final answer; rejects with SipTimeoutError when none comes. */
  request(req: SipRequest, to: To, options?: RequestOptions): Promise<SipResponse> {
    return new Promise<SipResponse | undefined>((resolve, reject) =>
      this.start(req, to, options, false, resolve, reject),
    ) as Promise<SipResponse>;
  }

  /** As request, but no final answer (timeout, transport gone, closed) resolves undefined. */
  tryRequest(req: SipRequest, to: To, options?: RequestOptions): Promise<SipResponse | undefined> {
    return new Promise((resolve, reject) => this.start(req, to, options, true, resolve, reject));
  }

  /** Feeds a response in (matched by top Via branch and CSeq method); false when no request of ours owns it. */
  handleResponse(res: SipResponse): boolean {
    const branch = topBranch(res);
    const cseq = parseCSeq(getHeader(res, 'cseq') ?? '');
    if (branch === undefined || !cseq.ok) return false;
    const p = this.pending.get(branch);
    if (p === undefined || p.method !== cseq.value.method) return false;
    if (res.status < 200) {
      // The peer heard us: stop retransmitting and keep waiting for the final answer.
      p.retransmit?.cancel();
      p.retransmit = undefined;
      p.onProvisional?.(res);
      return true;
    }
    if (this.end(p)) p.resolve(res);
    return true;
  }

  /** Ends every open request (or those sent to `to`, whose connection dropped) without an answer. */
  failAll(reason: string, to?: To): void {
    for (const p of this.pending.values()) {
      if (to !== undefined && p.to !== to) continue;
      this.end(p);
      if (p.quiet) p.resolve(undefined);
      else p.reject(new Error(reason));
    }
  }

  get size(): number {
    return this.pending.size;
  }

  private start(
    req: SipRequest,
    to: To,
    options: RequestOptions | undefined,
    quiet: boolean,
    resolve: (res: SipResponse | undefined) => void,
    reject: (err: Error) => void,
  ): void {
    const branch = topBranch(req);
    if (branch === undefined) {
      reject(new Error('request without a Via branch'));
      return;
    }
    const bytes = serializeSip(req);
    const p: Pending<To> = {
      branch,
      method: req.method,
      to,
      quiet,
      resolve,
      reject,
      onProvisional: options?.onProvisional,
      deadline: undefined,
      retransmit: undefined,
    };
    if (!this.o.send(bytes, to)) {
      this.noAnswer(p);
      return;
    }
    const { timers } = this.o;
    this.pending.set(branch, p);
    p.deadline = timers.after(options?.timeoutMs ?? this.timeoutMs, () => {
      if (this.end(p)) this.noAnswer(p);
    });
    if (this.o.reliable(to)) return;
    let interval = SIP_T1_MS;
    const again = (): void => {
      if (this.pending.get(branch) !== p) return;
      this.o.send(bytes, to);
      interval = Math.min(interval * 2, SIP_T2_MS);
      p.retransmit = timers.after(interval, again);
    };
    p.retransmit = timers.after(interval, again);
  }

  private noAnswer(p: Pending<To>): void {
    if (p.quiet) p.resolve(undefined);
    else p.reject(new SipTimeoutError(p.method));
  }

  /** Forgets the request and its timers; false when it had already ended (or another took its branch). */
  private end(p: Pending<To>): boolean {
    if (this.pending.get(p.branch) !== p) return false;
    this.pending.delete(p.branch);
    p.deadline?.cancel();
    p.retransmit?.cancel();
    return true;
  }
}

/** Past this many open transactions new ones go untracked (handled, not deduplicated) rather than grow memory. */
const MAX_SERVER_TRANSACTIONS = 200_000;
/** One sweep for all entries rather than a timer each: thousands of requests a second stay one timer. */
const SWEEP_MS = 5_000;

interface Received {
  /** Digest of the request's bytes, when the transport gave them. */
  request: string | undefined;
  answer: Buffer | null;
  until: number;
}

/** Who sent a request, when one side serves several peers; undefined when it hears only one. */
export type SipPeer = { address: string; port: number } | undefined;

/**
 * Requests this side receives. A peer retransmits until it hears a final answer; while its request
 * is still being handled (an alarm waiting on its INSERT) a retransmission is absorbed, and once
 * answered it gets the same answer again, so a slow moment never turns into duplicated work and a
 * longer queue. The peer, top Via and CSeq name the transaction (answers carry them too); when the
 * request's bytes are given, their digest tells a true retransmission (byte-identical) from a device
 * that reuses Via and CSeq for a new request, which is handled as new. Answers are kept for Timer J.
 */
export class ServerTransactions {
  private readonly entries = new Map<string, Received>();
  private sweeper: TimerHandle | undefined;
  readonly stats = { absorbed: 0, replayed: 0, untracked: 0 };

  constructor(private readonly timers: SipTimers) {}

  private static key(msg: SipMessage, peer: SipPeer): string | undefined {
    const via = getHeader(msg, 'via');
    const cseq = getHeader(msg, 'cseq');
    if (!via || !cseq) return undefined;
    return peer === undefined ? `${via} ${cseq}` : `${peer.address}:${peer.port} ${via} ${cseq}`;
  }

  /** 'new' to handle it; 'absorbed' to drop it; or the final answer to send again. */
  receive(req: SipRequest, peer: SipPeer, raw?: Uint8Array): 'new' | 'absorbed' | Buffer {
    if (req.method === 'ACK') return 'new';
    const key = ServerTransactions.key(req, peer);
    if (key === undefined) return 'new';
    const request = raw === undefined ? undefined : createHash('sha1').update(raw).digest('base64');
    const open = this.entries.get(key);
    if (open !== undefined && open.request === request) {
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
    this.entries.set(key, { request, answer: null, until: this.timers.now() + SIP_TRANSACTION_TIMEOUT_MS });
    this.sweeper ??= this.timers.after(SWEEP_MS, this.sweepLater);
    return 'new';
  }

  /** Keeps a final answer for the request's retransmissions. */
  answered(res: SipResponse, peer: SipPeer, bytes: Buffer): void {
    if (res.status < 200) return;
    const key = ServerTransactions.key(res, peer);
    const open = key === undefined ? undefined : this.entries.get(key);
    if (!open) return;
    open.answer = bytes;
    open.until = this.timers.now() + SIP_TRANSACTION_TIMEOUT_MS;
  }

  /** Forgets transactions past Timer J. */
  sweep(): void {
    const now = this.timers.now();
    for (const [key, e] of this.entries) if (e.until <= now) this.entries.delete(key);
  }

  /** Forgets everything and stops sweeping. */
  close(): void {
    this.sweeper?.cancel();
    this.sweeper = undefined;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private readonly sweepLater = (): void => {
    this.sweeper = undefined;
    this.sweep();
    if (this.entries.size > 0) this.sweeper = this.timers.after(SWEEP_MS, this.sweepLater);
  };
}
