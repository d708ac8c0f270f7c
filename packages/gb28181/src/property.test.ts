// Property tests: every parser of outside input answers (never throws) on arbitrary input, and codecs round-trip.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogResponse, readCatalog, type CatalogItem } from './manscdp/catalog.js';
import { encodeBody } from './manscdp/encoding.js';
import { decodeManscdp } from './manscdp/message.js';
import { escapeXml, parseXml, type XmlElement } from './manscdp/xml.js';
import { buildInviteSdp, parseSdp } from './sdp.js';
import { digestAuthorization, parseDigestCredentials, verifyDigest } from './sip/digest.js';
import { parseSipMessage, serializeSip, type SipHeaders, type SipMessage } from './sip/message.js';
import { SipStreamParser } from './sip/stream.js';

const RUNS = { numRuns: 2000 };

/** Strings built from pieces of the grammar under test, so the generator reaches deep parser states. */
function grammar(pieces: string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 3 })),
      { maxLength: 40 },
    )
    .map((a) => a.join(''));
}

const SIP_PIECES = [
  'INVITE sip:a@b SIP/2.0',
  'SIP/2.0 200 OK',
  '\r\n',
  '\n',
  ': ',
  'Via',
  'v',
  'Content-Length',
  'l: ',
  '5',
  '0',
  ' ',
  '\t',
  ',',
  '"',
  '<',
  '>',
  ';tag=',
  'Call-ID: x',
];
const XML_PIECES = [
  '<',
  '>',
  '</',
  '/>',
  '<a>',
  '</a>',
  '<?xml version="1.0" encoding="GB2312"?>',
  '<!--',
  '-->',
  '<![CDATA[',
  ']]>',
  '<!DOCTYPE',
  '&amp;',
  '&#x4e2d;',
  '&#',
  '&',
  ';',
  '="',
  '"',
  "'",
  ' x',
  '<Query>',
  '</Query>',
  '<CmdType>Catalog</CmdType>',
  '<SN>1</SN>',
  '<DeviceID>1</DeviceID>',
];
const SDP_PIECES = [
  'v=0',
  '\r\n',
  '\n',
  'm=video ',
  '5000',
  ' RTP/AVP 96',
  'c=IN IP4 ',
  'a=rtpmap:',
  'a=setup:',
  'passive',
  'y=',
  't=',
  'o=',
  ' ',
  '/',
];
const AUTH_PIECES = [
  'Digest ',
  'username',
  'realm',
  'nonce',
  'uri',
  'response',
  'qop',
  'nc',
  'cnonce',
  '=',
  '"',
  ',',
  ' ',
  '\\',
  'auth',
];

const bytesOf = (s: fc.Arbitrary<string>): fc.Arbitrary<Buffer> => s.map((x) => Buffer.from(x, 'utf8'));
const anyBytes = fc.oneof(
  fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a)),
  bytesOf(grammar(SIP_PIECES)),
);

describe('parsers never throw', () => {
  it('parseSipMessage', () => {
    fc.assert(
      fc.property(anyBytes, (b) => void parseSipMessage(b, { maxLineBytes: 64, maxHeaders: 8 })),
      RUNS,
    );
  });

  it('SipStreamParser.push', () => {
    fc.assert(
      fc.property(fc.array(anyBytes, { maxLength: 6 }), (chunks) => {
        const p = new SipStreamParser({ maxMessageBytes: 400, maxLineBytes: 64 });
        for (const c of chunks) for (const r of p.push(c)) expect(typeof r.ok).toBe('boolean');
        expect(p.buffered).toBeGreaterThanOrEqual(0);
      }),
      RUNS,
    );
  });

  it('parseXml', () => {
    fc.assert(
      fc.property(
        fc.oneof(grammar(XML_PIECES), fc.string({ unit: 'binary' })),
        (s) => void parseXml(s, { maxDepth: 4, maxElements: 20 }),
      ),
      RUNS,
    );
  });

  it('decodeManscdp', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a)),
          bytesOf(grammar(XML_PIECES)),
        ),
        (b) => void decodeManscdp(b),
      ),
      RUNS,
    );
  });

  it('parseSdp', () => {
    fc.assert(
      fc.property(fc.oneof(grammar(SDP_PIECES), fc.string({ unit: 'binary' })), (s) => void parseSdp(s)),
      RUNS,
    );
  });

  it('parseDigestCredentials', () => {
    fc.assert(
      fc.property(fc.oneof(grammar(AUTH_PIECES), fc.string({ unit: 'binary' })), (s) => void parseDigestCredentials(s)),
      RUNS,
    );
  });
});

const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,10}$/);
const headerValue = fc.stringMatching(/^[!-~]([ -~]{0,30}[!-~])?$/);
const OPAQUE_HEADERS = ['x-gb-a', 'subject', 'user-agent', 'date', 'call-id', 'cseq', 'from', 'to', 'expires'];

const sipMessage: fc.Arbitrary<SipMessage> = fc
  .record({
    request: fc.boolean(),
    method: token.map((t) => t.toUpperCase()),
    uri: fc.stringMatching(/^sip:[0-9]{1,20}@[a-z0-9.]{1,15}$/),
    status: fc.integer({ min: 100, max: 699 }),
    reason: fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,15}$/),
    vias: fc.array(fc.stringMatching(/^SIP\/2\.0\/UDP [a-z0-9.]{1,12}:[0-9]{1,5};branch=z9hG4bK[a-z0-9]{1,8}$/), {
      maxLength: 3,
    }),
    headers: fc.uniqueArray(
      fc.tuple(fc.constantFrom(...OPAQUE_HEADERS), fc.array(headerValue, { minLength: 1, maxLength: 2 })),
      {
        selector: (h) => h[0],
        maxLength: 6,
      },
    ),
    body: fc.uint8Array({ maxLength: 200 }),
  })
  .map((r) => {
    const headers: SipHeaders = new Map();
    if (r.vias.length > 0) headers.set('via', r.vias);
    for (const [name, values] of r.headers) headers.set(name, values);
    headers.set('content-length', [String(r.body.length)]);
    const body = Buffer.from(r.body);
    return r.request
      ? { kind: 'request' as const, method: r.method, uri: r.uri, headers, body }
      : { kind: 'response' as const, status: r.status, reason: r.reason, headers, body };
  });

function serialiseXml(el: XmlElement): string {
  const attrs = [...el.attrs].map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join('');
  return `<${el.name}${attrs}>${escapeXml(el.text)}${el.children.map(serialiseXml).join('')}</${el.name}>`;
}

const xmlName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/);
const xmlText = fc
  .string({ unit: 'binary', maxLength: 12 })
  .map((s) => [...s].filter((c) => /[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u.test(c)).join(''));
function treeOf(depth: number): fc.Arbitrary<XmlElement> {
  return fc.record({
    name: xmlName,
    attrs: fc.uniqueArray(fc.tuple(xmlName, xmlText), { selector: (a) => a[0], maxLength: 3 }).map((a) => new Map(a)),
    children: depth > 1 ? fc.array(treeOf(depth - 1), { maxLength: 3 }) : fc.constant([]),
    text: xmlText,
  });
}
const tree = treeOf(5);

const trimmed = xmlText.map((s) => s.trim());
const catalogItem: fc.Arbitrary<CatalogItem> = fc.record(
  {
    deviceId: fc.stringMatching(/^[0-9]{20}$/),
    name: trimmed,
    manufacturer: trimmed,
    address: trimmed,
    parental: fc.integer({ min: 0, max: 1 }),
    secrecy: fc.integer({ min: 0, max: 1 }),
    status: fc.constantFrom('ON' as const, 'OFF' as const),
    longitude: fc.double({ min: -180, max: 180, noNaN: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
    ptzType: fc.integer({ min: 0, max: 4 }),
    event: fc.constantFrom(
      'ON' as const,
      'OFF' as const,
      'VLOST' as const,
      'DEFECT' as const,
      'ADD' as const,
      'DEL' as const,
      'UPDATE' as const,
    ),
  },
  { requiredKeys: ['deviceId', 'name'] },
);

describe('round trips', () => {
  it('parseSipMessage(serializeSip(m)) equals m', () => {
    fc.assert(
      fc.property(sipMessage, (m) => {
        const once = parseSipMessage(serializeSip(m));
        expect(once).toEqual({ ok: true, value: m });
        if (once.ok) expect(serializeSip(once.value)).toEqual(serializeSip(m));
      }),
      RUNS,
    );
  });

  it('SipStreamParser gives back the messages of a stream cut anywhere', () => {
    fc.assert(
      fc.property(
        fc.array(sipMessage, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        (msgs, cuts) => {
          const wire = Buffer.concat(msgs.flatMap((m) => [Buffer.from('\r\n\r\n'), serializeSip(m)]));
          const points = [...new Set(cuts.map((c) => c % (wire.length + 1)))].sort((a, b) => a - b);
          const p = new SipStreamParser();
          const out = [];
          let last = 0;
          for (const at of [...points, wire.length]) {
            out.push(...p.push(wire.subarray(last, at)));
            last = at;
          }
          expect(out).toEqual(msgs.map((m) => ({ ok: true, value: m })));
          expect(p.buffered).toBe(0);
        },
      ),
      RUNS,
    );
  });

  it('parseXml reads back a serialised tree', () => {
    fc.assert(
      fc.property(tree, (t) => {
        expect(parseXml(serialiseXml(t), { maxDepth: 100 })).toEqual({ ok: true, value: t });
      }),
      RUNS,
    );
  });

  it('readCatalog reads back catalogResponse through UTF-8 and GB2312 bytes', () => {
    fc.assert(
      fc.property(fc.array(catalogItem, { maxLength: 4 }), fc.nat(), (items, sumNum) => {
        const xml = catalogResponse({ sn: 1, deviceId: '34020000001320000001', sumNum, items });
        const m = decodeManscdp(encodeBody(xml, 'UTF-8'));
        expect(m.ok && readCatalog(m.value)).toEqual({ ok: true, value: { sumNum, items } });
      }),
      RUNS,
    );
  });

  it('parseSdp reads back buildInviteSdp', () => {
    fc.assert(
      fc.property(
        fc.record({
          port: fc.integer({ min: 0, max: 65535 }),
          ssrc: fc.stringMatching(/^[01][0-9]{9}$/),
          mode: fc.constantFrom('UDP' as const, 'TCP-PASSIVE' as const, 'TCP-ACTIVE' as const),
          session: fc.constantFrom('Play' as const, 'Playback' as const, 'Download' as const),
          start: fc.nat(),
          end: fc.nat(),
        }),
        (a) => {
          const sdp = parseSdp(
            buildInviteSdp({
              ...a,
              channelId: '34020000001310000001',
              platformId: '34020000002000000001',
              ip: '10.1.2.3',
            }),
          );
          if (!sdp.ok) throw new Error(sdp.error);
          const v = sdp.value;
          expect(v.media).toEqual({
            type: 'video',
            port: a.port,
            proto: a.mode === 'UDP' ? 'RTP/AVP' : 'TCP/RTP/AVP',
            formats: [96, 97, 98],
          });
          expect(v.ssrc).toBe(a.ssrc);
          expect(v.connection).toBe('10.1.2.3');
          expect(v.sessionName).toBe(a.session);
          expect(v.time).toEqual(a.session === 'Play' ? [0, 0] : [a.start, a.end]);
          expect(v.setup).toBe(a.mode === 'UDP' ? undefined : a.mode === 'TCP-PASSIVE' ? 'passive' : 'active');
        },
      ),
      RUNS,
    );
  });

  it('digestAuthorization answers verify with the right password only', () => {
    const text = fc.string({ minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(text, text, text, text, fc.boolean(), (username, password, realm, nonce, qop) => {
        const challenge = `Digest realm="${realm.replace(/["\\]/g, '\\$&')}", nonce="${nonce.replace(/["\\]/g, '\\$&')}"${qop ? ', qop="auth"' : ''}`;
        const auth = digestAuthorization({ challenge, method: 'REGISTER', uri: 'sip:3402@h', username, password });
        if (!auth.ok) throw new Error(auth.error);
        const creds = parseDigestCredentials(auth.value);
        if (!creds.ok) throw new Error(creds.error);
        expect(creds.value).toMatchObject({ username, realm, nonce, uri: 'sip:3402@h' });
        expect(verifyDigest(creds.value, 'REGISTER', password)).toBe(true);
        expect(verifyDigest(creds.value, 'REGISTER', `${password}x`)).toBe(false);
      }),
      RUNS,
    );
  });
});
