// Server transactions (RFC 3261 §17.2.2) on literal messages: a device's retransmission is absorbed
// while its request is handled and answered again once it was, and only a byte-identical one counts.
import { buildResponse, parseSipMessage, serializeSip, type SipRequest } from '@svc/gb28181';
import { describe, expect, it } from 'vitest';
import { ServerTransactions } from './transactions.js';

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
const parse = (raw: Buffer) => {
  const r = parseSipMessage(raw);
  if (!r.ok || r.value.kind !== 'request') throw new Error('not a request');
  return r.value;
};
const camera = { address: '192.168.1.64', port: 5060 };

describe('server transactions', () => {
  it('absorbs a retransmission while handled, then answers it with the same final answer', () => {
    const tx = new ServerTransactions(() => 0);
    const raw = alarm(7);
    const req = parse(raw);
    expect(tx.receive(req, camera, raw)).toBe('new');
    expect(tx.receive(parse(raw), camera, raw)).toBe('absorbed');
    // A provisional answer does not end the transaction.
    const trying = buildResponse(req, 100, 'Trying');
    tx.answered(trying, camera, serializeSip(trying));
    expect(tx.receive(parse(raw), camera, raw)).toBe('absorbed');
    const ok = buildResponse(req, 200, 'OK');
    const bytes = serializeSip(ok);
    tx.answered(ok, camera, bytes);
    expect(tx.receive(parse(raw), camera, raw)).toBe(bytes);
    expect(tx.stats).toEqual({ absorbed: 2, replayed: 1, untracked: 0 });
  });

  it('handles as new a request reusing Via and CSeq with other bytes, another peer’s, and an ACK', () => {
    const tx = new ServerTransactions(() => 0);
    const first = alarm(7);
    expect(tx.receive(parse(first), camera, first)).toBe('new');
    const other = alarm(8);
    expect(tx.receive(parse(other), camera, other)).toBe('new');
    expect(tx.receive(parse(first), { ...camera, port: 5061 }, first)).toBe('new');
    const ack = Buffer.from(first.toString('latin1').replace(/MESSAGE/g, 'ACK'), 'latin1');
    const ackReq: SipRequest = parse(ack);
    expect(tx.receive(ackReq, camera, ack)).toBe('new');
    expect(tx.receive(ackReq, camera, ack)).toBe('new');
  });

  it('forgets an answered transaction after Timer J (32 s)', () => {
    let now = 0;
    const tx = new ServerTransactions(() => now);
    const raw = alarm(9);
    const req = parse(raw);
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
    expect(tx.receive(parse(raw), camera, raw)).toBe('new');
  });
});
