// Structured header values and the request/response builders.
import { describe, expect, it } from 'vitest';
import {
  newBranch,
  newCallId,
  newTag,
  parseCSeq,
  parseNameAddr,
  parseParams,
  parseSipUri,
  parseVia,
} from './fields.js';
import { buildRequest, buildResponse } from './build.js';
import { getHeader, getHeaders, parseSipMessage, serializeSip, type SipRequest } from './message.js';

describe('header fields', () => {
  it('parses name-addr forms', () => {
    expect(parseNameAddr('"Cam; 1" <sip:340200@3402000000;transport=udp>;tag=77;x')).toEqual({
      ok: true,
      value: {
        display: 'Cam; 1',
        uri: 'sip:340200@3402000000;transport=udp',
        params: new Map([
          ['tag', '77'],
          ['x', ''],
        ]),
      },
    });
    expect(parseNameAddr('<sip:a@b>')).toEqual({ ok: true, value: { uri: 'sip:a@b', params: new Map() } });
    expect(parseNameAddr('sip:a@b;tag=9')).toEqual({
      ok: true,
      value: { uri: 'sip:a@b', params: new Map([['tag', '9']]) },
    });
    expect(parseNameAddr('<sip:a@b').ok).toBe(false);
    expect(parseNameAddr('<sip:a@b> junk').ok).toBe(false);
  });

  it('parses Via with port, without port and IPv6', () => {
    expect(parseVia('SIP/2.0/udp 192.168.1.64:5060;rport=5061;branch=z9hG4bK1;received=10.0.0.9')).toEqual({
      ok: true,
      value: {
        transport: 'UDP',
        host: '192.168.1.64',
        port: 5060,
        params: new Map([
          ['rport', '5061'],
          ['branch', 'z9hG4bK1'],
          ['received', '10.0.0.9'],
        ]),
      },
    });
    expect(parseVia('SIP/2.0/TCP cam.local;branch=z9hG4bK2')).toMatchObject({ ok: true, value: { host: 'cam.local' } });
    expect(parseVia('SIP/2.0/UDP [2001:db8::1]:5060')).toMatchObject({
      ok: true,
      value: { host: '[2001:db8::1]', port: 5060 },
    });
    expect(parseVia('SIP/2.0/UDP host:99999').ok).toBe(false);
    expect(parseVia('HTTP/1.1 host').ok).toBe(false);
  });

  it('reads parameters split only by semicolons outside quotes', () => {
    expect(parseParams(' a = "x;y\\";z" ;;B=2; c ;')).toEqual({
      ok: true,
      value: new Map([
        ['a', 'x;y";z'],
        ['b', '2'],
        ['c', ''],
      ]),
    });
    expect(parseParams('rport;branch=z9hG4bK1;received=10.0.0.9')).toEqual({
      ok: true,
      value: new Map([
        ['rport', ''],
        ['branch', 'z9hG4bK1'],
        ['received', '10.0.0.9'],
      ]),
    });
    expect(parseParams('a;=b')).toEqual({ ok: false, error: 'bad parameter name: ""' });
    expect(parseParams('a;b c=1')).toEqual({ ok: false, error: 'bad parameter name: "b c"' });
  });

  it('gives a Via without a port no port field', () => {
    const via = parseVia('SIP/2.0/TCP cam.local;branch=z9hG4bK2');
    expect(via.ok && Object.keys(via.value)).toEqual(['transport', 'host', 'params']);
  });

  it('parses CSeq and SIP URIs', () => {
    expect(parseCSeq(' 20  MESSAGE ')).toEqual({ ok: true, value: { seq: 20, method: 'MESSAGE' } });
    expect(parseCSeq('x MESSAGE').ok).toBe(false);
    expect(parseSipUri('sip:34020000001320000001@3402000000:5060;transport=udp')).toEqual({
      ok: true,
      value: { user: '34020000001320000001', host: '3402000000', port: 5060, params: new Map([['transport', 'udp']]) },
    });
    expect(parseSipUri('sip:192.168.1.2')).toEqual({ ok: true, value: { host: '192.168.1.2', params: new Map() } });
    expect(parseSipUri('http://x').ok).toBe(false);
  });

  it('makes fresh branch, tag and Call-ID values', () => {
    expect(newBranch()).toMatch(/^z9hG4bK[0-9a-f]{16}$/);
    expect(newBranch()).not.toBe(newBranch());
    expect(newTag()).toMatch(/^[0-9a-f]{12}$/);
    expect(newCallId('10.0.0.1')).toMatch(/^[0-9a-f]{24}@10\.0\.0\.1$/);
  });
});

const REQUEST = buildRequest({
  method: 'MESSAGE',
  uri: 'sip:34020000001320000001@192.168.1.64:5060',
  from: { uri: 'sip:34020000002000000001@3402000000', tag: 'ft1' },
  to: { uri: 'sip:34020000001320000001@3402000000' },
  callId: 'cid-1@10.0.0.1',
  cseq: 20,
  via: { transport: 'UDP', host: '10.0.0.1', port: 5060, branch: 'z9hG4bKabc', rport: true },
  userAgent: 'svc',
  headers: [['X-Extra', '1']],
  body: Buffer.from('<Query/>'),
  contentType: 'Application/MANSCDP+xml',
});

describe('builders', () => {
  it('builds a request with the GB28181 headers in order', () => {
    expect(serializeSip(REQUEST).toString()).toBe(
      [
        'MESSAGE sip:34020000001320000001@192.168.1.64:5060 SIP/2.0',
        'Via: SIP/2.0/UDP 10.0.0.1:5060;rport;branch=z9hG4bKabc',
        'From: <sip:34020000002000000001@3402000000>;tag=ft1',
        'To: <sip:34020000001320000001@3402000000>',
        'Call-ID: cid-1@10.0.0.1',
        'CSeq: 20 MESSAGE',
        'Max-Forwards: 70',
        'User-Agent: svc',
        'X-Extra: 1',
        'Content-Type: Application/MANSCDP+xml',
        'Content-Length: 8',
        '',
        '<Query/>',
      ].join('\r\n'),
    );
  });

  it('builds a response that copies Via/From/To/Call-ID/CSeq and adds a To tag', () => {
    const req = parseSipMessage(
      Buffer.from(
        'MESSAGE sip:a@b SIP/2.0\r\nVia: SIP/2.0/UDP h1;branch=z9hG4bK1\r\nVia: SIP/2.0/UDP h2;branch=z9hG4bK2\r\n' +
          'From: <sip:d@b>;tag=f\r\nTo: <sip:a@b>\r\nCall-ID: c\r\nCSeq: 5 MESSAGE\r\nMax-Forwards: 70\r\nl: 0\r\n\r\n',
      ),
    );
    if (!req.ok || req.value.kind !== 'request') throw new Error('setup');
    const res = buildResponse(req.value, 200, undefined, { toTag: 'tt', headers: [['Date', '2026-01-01T00:00:00']] });
    expect(serializeSip(res).toString()).toBe(
      [
        'SIP/2.0 200 OK',
        'Via: SIP/2.0/UDP h1;branch=z9hG4bK1',
        'Via: SIP/2.0/UDP h2;branch=z9hG4bK2',
        'From: <sip:d@b>;tag=f',
        'To: <sip:a@b>;tag=tt',
        'Call-ID: c',
        'CSeq: 5 MESSAGE',
        'Date: 2026-01-01T00:00:00',
        'Content-Length: 0',
        '',
        '',
      ].join('\r\n'),
    );
    // The request is left as it was, and a To that already has a tag keeps it.
    expect(getHeader(req.value, 'to')).toBe('<sip:a@b>');
    const tagged: SipRequest = { ...req.value, headers: new Map(req.value.headers) };
    tagged.headers.set('to', ['<sip:a@b;tag=inuri>;tag=old']);
    expect(getHeader(buildResponse(tagged, 486, undefined, { toTag: 'new' }), 'to')).toBe(
      '<sip:a@b;tag=inuri>;tag=old',
    );
    const withBody = buildResponse(req.value, 200, 'Fine', {
      body: Buffer.from('v=0'),
      contentType: 'APPLICATION/SDP',
    });
    expect(withBody.reason).toBe('Fine');
    expect(getHeaders(withBody, 'content-type')).toEqual(['APPLICATION/SDP']);
  });
});
