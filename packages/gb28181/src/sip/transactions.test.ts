// SIP transactions (RFC 3261 §17) on literal messages and a fake clock: the platform's and the device's
// requests are retransmitted over UDP and matched with their answers; a peer's retransmission is
// absorbed while its request is handled and answered again once it was.
import { describe, expect, it } from 'vitest';
import { buildResponse } from './build.js';
import { parseSipMessage, serializeSip, type SipRequest, type SipResponse } from './message.js';
import {
  ClientTransactions,
  ServerTransactions,
  SipTimeoutError,
  type SipTimers,
  type TimerHandle,
} from './transactions.js';

/** A clock that moves only when told, running due timers in order. */
class FakeTimers implements SipTimers {
  private t = 0;
  private seq = 0;
  private readonly queue: { due: number; seq: number; fn: () => void; cancelled: boolean }[] = [];

  now(): number {
    return this.t;
  }

  after(ms: number, fn: () => void): TimerHandle {
    const e = { due: this.t + ms, seq: this.seq++, fn, cancelled: false };
    this.queue.push(e);
    return { cancel: () => void (e.cancelled = true) };
  }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const live = this.queue.filter((e) => !e.cancelled && e.due <= end);
      if (live.length === 0) break;
      const next = live.reduce((a, b) => (b.due < a.due || (b.due === a.due && b.seq < a.seq) ? b : a));
      this.queue.splice(this.queue.indexOf(next), 1);
      this.t = next.due;
      next.fn();
    }
    this.t = end;
  }

  get pending(): number {
    return this.queue.filter((e) => !e.cancelled).length;
  }
}

const parse = (raw: Buffer) => {
  const r = parseSipMessage(raw);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const request = (raw: Buffer): SipRequest => {
  const m = parse(raw);
  if (m.kind !== 'request') throw new Error('not a request');
  return m;
};
const response = (raw: Buffer): SipResponse => {
  const m = parse(raw);
  if (m.kind !== 'response') throw new Error('not a response');
  return m;
};

/** The platform's DeviceInfo query to a camera, as the gateway sends it. */
const query = Buffer.from(
  [
    'MESSAGE sip:34020000001320000001@192.168.1.64:5060 SIP/2.0',
    'Via: SIP/2.0/UDP 10.0.0.1:5060;rport;branch=z9hG4bKq7Lr2',
    'From: <sip:34020000002000000001@3402000000>;tag=901',
    'To: <sip:34020000001320000001@3402000000>',
    'Call-ID: 77@10.0.0.1',
    'CSeq: 1 MESSAGE',
    'Content-Type: Application/MANSCDP+xml',
    'Max-Forwards: 70',
    '',
    '<?xml version="1.0"?><Query><CmdType>DeviceInfo</CmdType><SN>5</SN><DeviceID>34020000001320000001</DeviceID></Query>',
  ].join('\r\n'),
);
/** The same query with one part of it changed (another branch: another transaction). */
const queryWith = (from: string, to: string) => Buffer.from(query.toString('latin1').replace(from, to), 'latin1');
const answer = (status: string, { branch = 'z9hG4bKq7Lr2', method = 'MESSAGE' } = {}) =>
  response(
    Buffer.from(
      [
        `SIP/2.0 ${status}`,
        `Via: SIP/2.0/UDP 10.0.0.1:5060;rport=5060;received=10.0.0.1;branch=${branch}`,
        'From: <sip:34020000002000000001@3402000000>;tag=901',
        'To: <sip:34020000001320000001@3402000000>;tag=4410',
        'Call-ID: 77@10.0.0.1',
        `CSeq: 1 ${method}`,
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    ),
  );

type Link = { name: string; reliable: boolean; up: boolean };
const udp: Link = { name: 'udp', reliable: false, up: true };
const tcp: Link = { name: 'tcp', reliable: true, up: true };

function client(timeoutMs?: number) {
  const timers = new FakeTimers();
  const sent: { at: number; to: string; bytes: Buffer }[] = [];
  const tx = new ClientTransactions<Link>({
    timers,
    send: (bytes, to) => {
      if (!to.up) return false;
      sent.push({ at: timers.now(), to: to.name, bytes });
      return true;
    },
    reliable: (to) => to.reliable,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return { timers, sent, tx };
}

describe('client transactions', () => {
  it('retransmits over UDP at T1 doubling to T2, then gives up with SipTimeoutError after 64·T1', async () => {
    const { timers, sent, tx } = client();
    const outcome = tx.request(request(query), udp).catch((err: unknown) => err);
    timers.advance(31_999);
    expect(sent.map((s) => s.at)).toEqual([0, 500, 1500, 3500, 7500, 11_500, 15_500, 19_500, 23_500, 27_500, 31_500]);
    expect(sent.every((s) => s.bytes.equals(sent[0]!.bytes))).toBe(true);
    expect(tx.size).toBe(1);
    timers.advance(1);
    const err = await outcome;
    expect(err).toBeInstanceOf(SipTimeoutError);
    expect((err as Error).message).toBe('no answer to MESSAGE');
    expect(tx.size).toBe(0);
    expect(timers.pending).toBe(0);
  });

  it('sends once over a reliable transport and honours the timeout the caller asks for', async () => {
    const { timers, sent, tx } = client(8000);
    const defaulted = tx.request(request(query), tcp).catch((err: unknown) => err);
    const shorter = tx.tryRequest(request(queryWith('q7Lr2', 'q7Lr3')), tcp, {
      timeoutMs: 4000,
    });
    timers.advance(4000);
    expect(await shorter).toBeUndefined();
    timers.advance(3999);
    expect(tx.size).toBe(1);
    timers.advance(1);
    expect(await defaulted).toBeInstanceOf(SipTimeoutError);
    expect(sent.map((s) => [s.at, s.to])).toEqual([
      [0, 'tcp'],
      [0, 'tcp'],
    ]);
  });

  it('matches the answer by top Via branch and CSeq method, and stops retransmitting', async () => {
    const { timers, sent, tx } = client();
    const outcome = tx.request(request(query), udp);
    timers.advance(600);
    expect(tx.handleResponse(answer('200 OK', { branch: 'z9hG4bKother' }))).toBe(false);
    expect(tx.handleResponse(answer('200 OK', { method: 'INFO' }))).toBe(false);
    const ok = answer('200 OK');
    expect(tx.handleResponse(ok)).toBe(true);
    expect(await outcome).toBe(ok);
    // A retransmitted 200 finds no transaction left.
    expect(tx.handleResponse(ok)).toBe(false);
    timers.advance(40_000);
    expect(sent).toHaveLength(2);
  });

  it('takes a provisional answer as heard: no more retransmissions, still waiting for the final one', async () => {
    const { timers, sent, tx } = client();
    const provisional: number[] = [];
    const outcome = tx.request(request(query), udp, { onProvisional: (r) => provisional.push(r.status) });
    expect(tx.handleResponse(answer('100 Trying'))).toBe(true);
    timers.advance(20_000);
    expect(sent).toHaveLength(1);
    expect(provisional).toEqual([100]);
    tx.handleResponse(answer('486 Busy Here'));
    expect((await outcome).status).toBe(486);
  });

  it('ends at once, without an answer, a request the transport could not take', async () => {
    const { timers, tx } = client();
    const down = { ...udp, up: false };
    await expect(tx.request(request(query), down)).rejects.toBeInstanceOf(SipTimeoutError);
    expect(await tx.tryRequest(request(query), down)).toBeUndefined();
    expect(tx.size).toBe(0);
    expect(timers.pending).toBe(0);
  });

  it('fails the requests riding on a dropped connection, or all of them', async () => {
    const { tx } = client();
    const other = { ...tcp, name: 'tcp2' };
    const onDropped = tx.tryRequest(request(query), tcp);
    const onDroppedLoud = tx.request(request(queryWith('q7Lr2', 'q7Lr4')), tcp).catch((err: unknown) => err);
    const elsewhere = tx.request(request(queryWith('q7Lr2', 'q7Lr5')), other);
    tx.failAll('connection closed', tcp);
    expect(await onDropped).toBeUndefined();
    expect(await onDroppedLoud).toEqual(new Error('connection closed'));
    expect(tx.size).toBe(1);
    tx.failAll('gateway closed');
    await expect(elsewhere).rejects.toThrow('gateway closed');
  });

  it('refuses a request without a Via branch', async () => {
    const { tx, sent } = client();
    const bare = request(queryWith(';branch=z9hG4bKq7Lr2', ''));
    await expect(tx.request(bare, udp)).rejects.toThrow('request without a Via branch');
    expect(sent).toHaveLength(0);
  });
});

const alarm = (sn: number) =>
  Buffer.from(
    [
      'MESSAGE sip:34020000002000000001@3402000000 SIP/2.0',
      'Via: SIP/2.0/UDP 192.168.1.64:5060;rport;branch=z9hG4bK1874918',
      'From: <sip:34020000001320000001@3402000000>;tag=38473',
      'To: <sip:34020000002000000001@3402000000>',
      'Call-ID: 4096@192.168.1.64',
      'CSeq: 20 MESSAGE',
      'Content-Type: Application/MANSCDP+xml',
      'Max-Forwards: 70',
      '',
      `<?xml version="1.0"?><Notify><CmdType>Alarm</CmdType><SN>${sn}</SN><DeviceID>34020000001320000001</DeviceID></Notify>`,
    ].join('\r\n'),
  );
const camera = { address: '192.168.1.64', port: 5060 };

describe('server transactions', () => {
  it('absorbs a retransmission while handled, then answers it with the same final answer', () => {
    const tx = new ServerTransactions(new FakeTimers());
    const raw = alarm(7);
    const req = request(raw);
    expect(tx.receive(req, camera, raw)).toBe('new');
    expect(tx.receive(request(raw), camera, raw)).toBe('absorbed');
    // A provisional answer does not end the transaction.
    const trying = buildResponse(req, 100, 'Trying');
    tx.answered(trying, camera, serializeSip(trying));
    expect(tx.receive(request(raw), camera, raw)).toBe('absorbed');
    const ok = buildResponse(req, 200, 'OK');
    const bytes = serializeSip(ok);
    tx.answered(ok, camera, bytes);
    expect(tx.receive(request(raw), camera, raw)).toBe(bytes);
    expect(tx.stats).toEqual({ absorbed: 2, replayed: 1, untracked: 0 });
  });

  it('handles as new a request reusing Via and CSeq with other bytes, another peer’s, and an ACK', () => {
    const tx = new ServerTransactions(new FakeTimers());
    const first = alarm(7);
    expect(tx.receive(request(first), camera, first)).toBe('new');
    const other = alarm(8);
    expect(tx.receive(request(other), camera, other)).toBe('new');
    expect(tx.receive(request(first), { ...camera, port: 5061 }, first)).toBe('new');
    const ack = Buffer.from(first.toString('latin1').replace(/MESSAGE/g, 'ACK'), 'latin1');
    const ackReq: SipRequest = request(ack);
    expect(tx.receive(ackReq, camera, ack)).toBe('new');
    expect(tx.receive(ackReq, camera, ack)).toBe('new');
  });

  it('forgets an answered transaction after Timer J (32 s)', () => {
    let now = 0;
    const timers = new FakeTimers();
    timers.now = () => now;
    const tx = new ServerTransactions(timers);
    const raw = alarm(9);
    const req = request(raw);
    tx.receive(req, camera, raw);
    const ok = buildResponse(req, 200, 'OK');
    now = 10_000;
    tx.answered(ok, camera, serializeSip(ok));
    now = 41_000;
    tx.sweep();
    expect(tx.size).toBe(1);
    now = 42_000;
    tx.sweep();
    expect(tx.size).toBe(0);
    expect(tx.receive(request(raw), camera, raw)).toBe('new');
  });

  it('serves the device role: one peer, matched by Via and CSeq alone, answered again until swept', () => {
    const timers = new FakeTimers();
    const tx = new ServerTransactions(timers);
    const req = request(query);
    expect(tx.receive(req, undefined)).toBe('new');
    expect(tx.receive(request(query), undefined)).toBe('absorbed');
    const ok = buildResponse(req, 200, 'OK', { toTag: '4410' });
    const bytes = serializeSip(ok);
    tx.answered(ok, undefined, bytes);
    timers.advance(1000);
    expect(tx.receive(request(query), undefined)).toBe(bytes);
    // Its own sweep, on the injected clock, forgets the answer Timer J after it was sent.
    timers.advance(31_000);
    expect(tx.size).toBe(1);
    timers.advance(5_000);
    expect(tx.size).toBe(0);
    expect(timers.pending).toBe(0);
    expect(tx.receive(request(query), undefined)).toBe('new');
    tx.close();
    expect(tx.size).toBe(0);
    expect(timers.pending).toBe(0);
  });
});
