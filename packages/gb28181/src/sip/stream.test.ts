// TCP framing: Content-Length boundaries, chunking at every byte, keep-alive CRLFs and errors that end the stream.
import { describe, expect, it } from 'vitest';
import { SipStreamParser } from './stream.js';
import { getHeader, type SipMessage } from './message.js';
import type { ParseResult } from '../result.js';

const A = 'MESSAGE sip:3402@h SIP/2.0\r\nCall-ID: a\r\nContent-Length: 5\r\n\r\nhello';
const B = 'SIP/2.0 200 OK\r\nCall-ID: b\r\nContent-Length: 0\r\n\r\n';
const C = 'REGISTER sip:3402@h SIP/2.0\r\nCall-ID: c\r\nl: 3\r\n\r\n<x>';
const STREAM = Buffer.from(`${A}\r\n\r\n${B}${C}\r\n`);

function ids(results: ParseResult<SipMessage>[]): string[] {
  return results.map((r) => (r.ok ? `${getHeader(r.value, 'call-id')}:${r.value.body.toString()}` : `ERR ${r.error}`));
}

describe('SipStreamParser', () => {
  it('frames several messages in one chunk and skips CRLF pings', () => {
    const p = new SipStreamParser();
    expect(ids(p.push(STREAM))).toEqual(['a:hello', 'b:', 'c:<x>']);
    expect(p.buffered).toBe(0);
  });

  it('gives the same messages when the stream is split at every byte position', () => {
    for (let cut = 0; cut <= STREAM.length; cut++) {
      const p = new SipStreamParser();
      const out = [...p.push(STREAM.subarray(0, cut)), ...p.push(STREAM.subarray(cut))];
      expect(ids(out), `cut at ${cut}`).toEqual(['a:hello', 'b:', 'c:<x>']);
    }
  });

  it('gives the same messages when fed one byte at a time', () => {
    const p = new SipStreamParser();
    const out: ParseResult<SipMessage>[] = [];
    for (const byte of STREAM) out.push(...p.push(Buffer.from([byte])));
    expect(ids(out)).toEqual(['a:hello', 'b:', 'c:<x>']);
  });

  it('keeps an incomplete message buffered until its body arrives', () => {
    const p = new SipStreamParser();
    expect(p.push(Buffer.from(A.slice(0, -2)))).toEqual([]);
    expect(p.buffered).toBe(A.length - 2);
    expect(ids(p.push(Buffer.from('lo')))).toEqual(['a:hello']);
  });

  it('reads a missing Content-Length as an empty body', () => {
    const p = new SipStreamParser();
    expect(ids(p.push(Buffer.from('OPTIONS sip:a@b SIP/2.0\r\nCall-ID: z\r\n\r\n')))).toEqual(['z:']);
  });

  it('answers an error for a bad start line and keeps answering it', () => {
    const p = new SipStreamParser();
    expect(ids(p.push(Buffer.from(`${B}GARBAGE\r\n\r\n${B}`)))).toEqual(['b:', 'ERR bad start line: "GARBAGE"']);
    expect(ids(p.push(Buffer.from(B)))).toEqual(['ERR bad start line: "GARBAGE"']);
  });

  it('refuses a head that never ends or a body over the size limit', () => {
    const p = new SipStreamParser({ maxMessageBytes: 200, maxLineBytes: 100 });
    expect(ids(p.push(Buffer.from(`OPTIONS sip:a@b SIP/2.0\r\nX: ${'y'.repeat(150)}`)))).toEqual([
      'ERR header line longer than 100 bytes',
    ]);
    const q = new SipStreamParser({ maxMessageBytes: 200 });
    expect(ids(q.push(Buffer.from('MESSAGE sip:a@b SIP/2.0\r\nContent-Length: 500\r\n\r\n')))).toEqual([
      'ERR message larger than 200 bytes',
    ]);
    const r = new SipStreamParser({ maxMessageBytes: 200 });
    const heads = Array.from({ length: 30 }, (_, i) => `X-${i}: v\r\n`).join('');
    expect(ids(r.push(Buffer.from(`OPTIONS sip:a@b SIP/2.0\r\n${heads}`)))).toEqual([
      'ERR message larger than 200 bytes',
    ]);
  });
});
