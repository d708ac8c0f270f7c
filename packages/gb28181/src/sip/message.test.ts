// Unit tests of the datagram parser and the serialiser on literal SIP text.
import { describe, expect, it } from 'vitest';
import { getHeader, getHeaders, parseSipMessage, serializeSip, setHeader, type SipMessage } from './message.js';

const crlf = (lines: string[]): Buffer => Buffer.from(lines.join('\r\n'), 'utf8');

function parsed(buf: Buffer): SipMessage {
  const r = parseSipMessage(buf);
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

const OPTIONS = [
  'OPTIONS sip:34020000002000000001@3402000000 SIP/2.0',
  'Via: SIP/2.0/UDP 192.168.1.64:5060;branch=z9hG4bK111',
  'v: SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK222, SIP/2.0/TCP 10.0.0.2;branch=z9hG4bK333',
  'f: <sip:34020000001320000001@3402000000>;tag=abc',
  't: <sip:34020000002000000001@3402000000>',
  'i: 42@192.168.1.64',
  'CSEQ: 7 OPTIONS',
  'Subject: first part,',
  ' second part',
  '\tthird part',
  'Contact: "Cam, front" <sip:a@b>, <sip:c@d>',
  'l: 0',
  '',
  '',
];

describe('parseSipMessage', () => {
  it('reads a request with compact names, folding and several Via values', () => {
    const m = parsed(crlf(OPTIONS));
    expect(m.kind).toBe('request');
    if (m.kind !== 'request') return;
    expect(m.method).toBe('OPTIONS');
    expect(m.uri).toBe('sip:34020000002000000001@3402000000');
    expect(getHeaders(m, 'VIA')).toEqual([
      'SIP/2.0/UDP 192.168.1.64:5060;branch=z9hG4bK111',
      'SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK222',
      'SIP/2.0/TCP 10.0.0.2;branch=z9hG4bK333',
    ]);
    expect(getHeader(m, 'from')).toBe('<sip:34020000001320000001@3402000000>;tag=abc');
    expect(getHeader(m, 'call-id')).toBe('42@192.168.1.64');
    expect(getHeader(m, 'i')).toBe('42@192.168.1.64');
    expect(getHeader(m, 'cseq')).toBe('7 OPTIONS');
    expect(getHeader(m, 'subject')).toBe('first part, second part third part');
    expect(getHeaders(m, 'contact')).toEqual(['"Cam, front" <sip:a@b>', '<sip:c@d>']);
    expect(m.body.length).toBe(0);
  });

  it('reads a response with an empty reason and cuts the body at Content-Length', () => {
    const m = parsed(Buffer.from('SIP/2.0 200 \r\nContent-Length: 3\r\n\r\nabcdef'));
    expect(m).toMatchObject({ kind: 'response', status: 200, reason: '' });
    expect(m.body.toString()).toBe('abc');
  });

  it('takes the rest of the datagram as body when Content-Length is absent, and accepts bare LF', () => {
    const m = parsed(Buffer.from('MESSAGE sip:x@y SIP/2.0\nCall-ID: 1\n\n<a/>'));
    expect(m.body.toString()).toBe('<a/>');
  });

  it.each([
    ['bad start line', 'HELLO\r\n\r\n', /bad start line/],
    ['wrong version', 'INVITE sip:a@b SIP/3.0\r\n\r\n', /bad start line/],
    ['status out of range', 'SIP/2.0 999 Nope\r\n\r\n', /out of range/],
    ['header without colon', 'INVITE sip:a@b SIP/2.0\r\nVia SIP/2.0/UDP h\r\n\r\n', /without colon/],
    ['body shorter than Content-Length', 'MESSAGE sip:a@b SIP/2.0\r\nContent-Length: 10\r\n\r\nabc', /exceeds/],
    ['bad Content-Length', 'MESSAGE sip:a@b SIP/2.0\r\nContent-Length: -1\r\n\r\n', /Content-Length/],
    ['conflicting Content-Length', 'MESSAGE sip:a@b SIP/2.0\r\nl: 1\r\nContent-Length: 2\r\n\r\nab', /conflicting/],
    ['continuation first', 'INVITE sip:a@b SIP/2.0\r\n folded\r\n\r\n', /continuation/],
    ['no empty line', 'INVITE sip:a@b SIP/2.0\r\nVia: x', /not terminated/],
    ['only CRLF', '\r\n\r\n', /empty/],
  ])('answers an error for %s', (_name, text, pattern) => {
    const r = parseSipMessage(Buffer.from(text));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(pattern);
  });

  it('reads header names in any case and writes them in their canonical form', () => {
    const m = parsed(
      crlf([
        'MESSAGE sip:a@b SIP/2.0',
        'vIA: SIP/2.0/UDP h;branch=z9hG4bK1',
        'CALL-id: 1@h',
        'cseq: 2 MESSAGE',
        'X-gb-VER: 3.0',
        'cOnTeNt-LeNgTh: 3',
        '',
        'abc',
      ]),
    );
    expect(getHeader(m, 'Via')).toBe('SIP/2.0/UDP h;branch=z9hG4bK1');
    expect(getHeader(m, 'i')).toBe('1@h');
    expect(m.body.toString()).toBe('abc');
    expect(serializeSip(m).toString()).toBe(
      [
        'MESSAGE sip:a@b SIP/2.0',
        'Via: SIP/2.0/UDP h;branch=z9hG4bK1',
        'Call-ID: 1@h',
        'CSeq: 2 MESSAGE',
        'X-Gb-Ver: 3.0',
        'Content-Length: 3',
        '',
        'abc',
      ].join('\r\n'),
    );
  });

  it('unfolds before splitting a list header, also when the folded line ends the head', () => {
    const m = parsed(
      Buffer.from(
        'OPTIONS sip:a@b SIP/2.0\nVia: SIP/2.0/UDP a;branch=z9hG4bK1,\r\n SIP/2.0/UDP b;branch=z9hG4bK2\n' +
          'Via:\r\nSubject: one\r\n\t two\r\n  three\r\n\r\n',
      ),
    );
    expect(getHeaders(m, 'via')).toEqual(['SIP/2.0/UDP a;branch=z9hG4bK1', 'SIP/2.0/UDP b;branch=z9hG4bK2', '']);
    expect(getHeader(m, 'subject')).toBe('one two three');
  });

  it('accepts repeated equal Content-Length headers', () => {
    const m = parsed(Buffer.from('MESSAGE sip:a@b SIP/2.0\r\nl: 2\r\nContent-Length:  2 \r\n\r\nabc'));
    expect(m.body.toString()).toBe('ab');
  });

  it('enforces the size, header count and line length limits', () => {
    const big = Buffer.concat([Buffer.from('MESSAGE sip:a@b SIP/2.0\r\n\r\n'), Buffer.alloc(70_000, 0x41)]);
    expect(parseSipMessage(big)).toEqual({ ok: false, error: 'message larger than 65536 bytes' });
    const many = ['OPTIONS sip:a@b SIP/2.0', ...Array.from({ length: 5 }, (_, i) => `X-H${i}: ${i}`), '', ''];
    expect(parseSipMessage(crlf(many), { maxHeaders: 4 })).toEqual({ ok: false, error: 'more than 4 headers' });
    expect(parseSipMessage(crlf(many), { maxHeaders: 5 }).ok).toBe(true);
    const long = crlf(['OPTIONS sip:a@b SIP/2.0', `X-Long: ${'a'.repeat(100)}`, '', '']);
    expect(parseSipMessage(long, { maxLineBytes: 100 })).toEqual({
      ok: false,
      error: 'header line longer than 100 bytes',
    });
  });
});

describe('serializeSip', () => {
  it('writes canonical names, one line per value and the body length', () => {
    const m = parsed(crlf(OPTIONS));
    m.body = Buffer.from('中文', 'utf8');
    setHeader(m, 'c', 'text/plain');
    const text = serializeSip(m).toString('utf8');
    expect(text).toBe(
      [
        'OPTIONS sip:34020000002000000001@3402000000 SIP/2.0',
        'Via: SIP/2.0/UDP 192.168.1.64:5060;branch=z9hG4bK111',
        'Via: SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK222',
        'Via: SIP/2.0/TCP 10.0.0.2;branch=z9hG4bK333',
        'From: <sip:34020000001320000001@3402000000>;tag=abc',
        'To: <sip:34020000002000000001@3402000000>',
        'Call-ID: 42@192.168.1.64',
        'CSeq: 7 OPTIONS',
        'Subject: first part, second part third part',
        'Contact: "Cam, front" <sip:a@b>',
        'Contact: <sip:c@d>',
        'Content-Length: 6',
        'Content-Type: text/plain',
        '',
        '中文',
      ].join('\r\n'),
    );
  });

  it('counts the body in bytes and writes non-ASCII header values as UTF-8', () => {
    const m: SipMessage = {
      kind: 'request',
      method: 'MESSAGE',
      uri: 'sip:a@b',
      headers: new Map([
        ['subject', ['前门:0,后门:1']],
        ['content-length', ['1']],
      ]),
      body: Buffer.from('<a>前</a>', 'utf8'),
    };
    const wire = serializeSip(m);
    expect(wire).toEqual(
      Buffer.from('MESSAGE sip:a@b SIP/2.0\r\nSubject: 前门:0,后门:1\r\nContent-Length: 10\r\n\r\n<a>前</a>', 'utf8'),
    );
    expect(parseSipMessage(wire)).toEqual({
      ok: true,
      value: { ...m, headers: new Map([...m.headers, ['content-length', ['10']]]) },
    });
  });

  it('adds Content-Length when the message has none', () => {
    const m: SipMessage = {
      kind: 'response',
      status: 401,
      reason: 'Unauthorized',
      headers: new Map(),
      body: Buffer.alloc(0),
    };
    expect(serializeSip(m).toString()).toBe('SIP/2.0 401 Unauthorized\r\nContent-Length: 0\r\n\r\n');
  });
});
