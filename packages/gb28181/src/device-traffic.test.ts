// Literal device traffic as a Hikvision-style camera sends it, through the same calls the gateway makes.
import { createHash } from 'node:crypto';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { readCatalog, type CatalogItem } from './manscdp/catalog.js';
import { readDeviceInfo } from './manscdp/device-info.js';
import { readKeepalive } from './manscdp/keepalive.js';
import { decodeManscdp, MANSCDP_CONTENT_TYPE } from './manscdp/message.js';
import { buildResponse } from './sip/build.js';
import { digestAuthorization, digestChallenge, parseDigestCredentials, verifyDigest } from './sip/digest.js';
import { parseCSeq, parseNameAddr, parseVia } from './sip/fields.js';
import { getHeader, parseSipMessage, serializeSip, type SipMessage, type SipRequest } from './sip/message.js';
import { SipStreamParser } from './sip/stream.js';

const md5 = (s: string): string => createHash('md5').update(s).digest('hex');
const head = (lines: string[]): string => `${lines.join('\r\n')}\r\n\r\n`;

function request(buf: Buffer): SipRequest {
  const r = parseSipMessage(buf);
  if (!r.ok) throw new Error(r.error);
  if (r.value.kind !== 'request') throw new Error('not a request');
  return r.value;
}

function manscdpOf(m: SipMessage): ReturnType<typeof decodeManscdp> {
  expect(getHeader(m, 'content-type')?.toLowerCase()).toBe(MANSCDP_CONTENT_TYPE.toLowerCase());
  return decodeManscdp(m.body);
}

const REGISTER_LINES = [
  'REGISTER sip:34020000002000000001@3402000000 SIP/2.0',
  'Via: SIP/2.0/UDP 192.168.1.64:5060;rport;branch=z9hG4bK1371463273',
  'From: <sip:34020000001320000001@3402000000>;tag=2043466181',
  'To: <sip:34020000001320000001@3402000000>',
  'Call-ID: 1011047669',
  'CSeq: 1 REGISTER',
  'Contact: <sip:34020000001320000001@192.168.1.64:5060>',
  'Max-Forwards: 70',
  'User-Agent: IP Camera',
  'Expires: 3600',
  'Content-Length: 0',
];
const NONCE = '9bd055d6a5bf4b0e8e1ef5d2d6c4a4c3';
const URI = 'sip:34020000002000000001@3402000000';

describe('REGISTER with digest, as a camera does it', () => {
  it('challenges the first REGISTER with 401', () => {
    const reg = request(Buffer.from(head(REGISTER_LINES)));
    expect(parseVia(getHeader(reg, 'via')!)).toMatchObject({ ok: true, value: { host: '192.168.1.64', port: 5060 } });
    expect(parseCSeq(getHeader(reg, 'cseq')!)).toEqual({ ok: true, value: { seq: 1, method: 'REGISTER' } });
    const res = buildResponse(reg, 401, undefined, {
      toTag: '4f3a9b',
      headers: [['WWW-Authenticate', digestChallenge('3402000000', NONCE)]],
    });
    expect(serializeSip(res).toString()).toBe(
      head([
        'SIP/2.0 401 Unauthorized',
        'Via: SIP/2.0/UDP 192.168.1.64:5060;rport;branch=z9hG4bK1371463273',
        'From: <sip:34020000001320000001@3402000000>;tag=2043466181',
        'To: <sip:34020000001320000001@3402000000>;tag=4f3a9b',
        'Call-ID: 1011047669',
        'CSeq: 1 REGISTER',
        `WWW-Authenticate: Digest realm="3402000000", nonce="${NONCE}", algorithm=MD5`,
        'Content-Length: 0',
      ]),
    );
  });

  it('accepts the authorised REGISTER whose hash is computed by the RFC 2617 formula', () => {
    const ha1 = md5('34020000001320000001:3402000000:12345678');
    const ha2 = md5(`REGISTER:${URI}`);
    const response = md5(`${ha1}:${NONCE}:${ha2}`);
    const authorization = `Digest username="34020000001320000001", realm="3402000000", nonce="${NONCE}", uri="${URI}", response="${response}", algorithm=MD5`;
    const lines = [...REGISTER_LINES];
    lines[5] = 'CSeq: 2 REGISTER';
    lines.splice(10, 0, `Authorization: ${authorization}`);
    const reg = request(Buffer.from(head(lines)));
    const creds = parseDigestCredentials(getHeader(reg, 'authorization')!);
    if (!creds.ok) throw new Error(creds.error);
    expect(creds.value).toEqual({
      username: '34020000001320000001',
      realm: '3402000000',
      nonce: NONCE,
      uri: URI,
      response,
      algorithm: 'MD5',
    });
    expect(verifyDigest(creds.value, reg.method, '12345678')).toBe(true);
    expect(verifyDigest(creds.value, reg.method, '87654321')).toBe(false);
    // The device side of this package writes exactly what the camera wrote.
    expect(
      digestAuthorization({
        challenge: digestChallenge('3402000000', NONCE),
        method: 'REGISTER',
        uri: URI,
        username: '34020000001320000001',
        password: '12345678',
      }),
    ).toEqual({ ok: true, value: authorization });
    const ok = buildResponse(reg, 200, 'OK', { toTag: '4f3a9b', headers: [['Date', '2026-11-22T08:00:00.000']] });
    expect(getHeader(ok, 'to')).toBe('<sip:34020000001320000001@3402000000>;tag=4f3a9b');
    expect(getHeader(ok, 'cseq')).toBe('2 REGISTER');
  });

  it('accepts a qop=auth answer computed with nc, cnonce and qop', () => {
    const ha1 = md5('34020000001320000001:3402000000:12345678');
    const ha2 = md5(`REGISTER:${URI}`);
    const response = md5(`${ha1}:${NONCE}:00000001:0a4f113b:auth:${ha2}`);
    const creds = parseDigestCredentials(
      `Digest username="34020000001320000001",realm="3402000000",nonce="${NONCE}",uri="${URI}",response="${response}",algorithm=MD5,cnonce="0a4f113b",qop=auth,nc=00000001`,
    );
    if (!creds.ok) throw new Error(creds.error);
    expect(verifyDigest(creds.value, 'REGISTER', '12345678')).toBe(true);
    expect(verifyDigest({ ...creds.value, nc: '00000002' }, 'REGISTER', '12345678')).toBe(false);
  });
});

function message(cseq: number, xml: string): Buffer {
  const body = iconv.encode(xml, 'gb2312');
  const lines = [
    'MESSAGE sip:34020000002000000001@3402000000 SIP/2.0',
    `Via: SIP/2.0/UDP 192.168.1.64:5060;rport;branch=z9hG4bK${1000 + cseq}`,
    'From: <sip:34020000001320000001@3402000000>;tag=1785410525',
    'To: <sip:34020000002000000001@3402000000>',
    `Call-ID: ${900 + cseq}`,
    `CSeq: ${cseq} MESSAGE`,
    'Content-Type: Application/MANSCDP+xml',
    'Max-Forwards: 70',
    'User-Agent: IP Camera',
    `Content-Length: ${body.length}`,
  ];
  return Buffer.concat([Buffer.from(head(lines)), body]);
}

const KEEPALIVE = message(
  20,
  '<?xml version="1.0" encoding="GB2312"?>\r\n<Notify>\r\n<CmdType>Keepalive</CmdType>\r\n<SN>12</SN>\r\n' +
    '<DeviceID>34020000001320000001</DeviceID>\r\n<Status>OK</Status>\r\n<Info>\r\n</Info>\r\n</Notify>\r\n',
);

const item = (id: string, name: string, status: string): string =>
  `<Item>\r\n<DeviceID>${id}</DeviceID>\r\n<Name>${name}</Name>\r\n<Manufacturer>Hikvision</Manufacturer>\r\n<Model>IP Camera</Model>\r\n` +
  `<Owner>Owner</Owner>\r\n<CivilCode>3402000000</CivilCode>\r\n<Address>Address</Address>\r\n<Parental>0</Parental>\r\n` +
  `<ParentID>34020000001320000001</ParentID>\r\n<SafetyWay>0</SafetyWay>\r\n<RegisterWay>1</RegisterWay>\r\n<Secrecy>0</Secrecy>\r\n<Status>${status}</Status>\r\n</Item>\r\n`;

const catalogPacket = (items: string[]): string =>
  '<?xml version="1.0" encoding="GB2312"?>\r\n<Response>\r\n<CmdType>Catalog</CmdType>\r\n<SN>17430</SN>\r\n' +
  `<DeviceID>34020000001320000001</DeviceID>\r\n<SumNum>3</SumNum>\r\n<DeviceList Num="${items.length}">\r\n${items.join('')}</DeviceList>\r\n</Response>\r\n`;

const CATALOG_1 = message(
  21,
  catalogPacket([item('34020000001310000001', '大门入口', 'ON'), item('34020000001310000002', '停车场东侧', 'OFF')]),
);
const CATALOG_2 = message(22, catalogPacket([item('34020000001310000003', '仓库（二号）', 'ON')]));

describe('MANSCDP MESSAGEs from a camera', () => {
  it('reads a GB2312 Keepalive and answers 200', () => {
    const m = request(KEEPALIVE);
    const body = manscdpOf(m);
    expect(body).toMatchObject({
      ok: true,
      value: { root: 'Notify', cmdType: 'Keepalive', sn: 12, deviceId: '34020000001320000001' },
    });
    if (body.ok) expect(readKeepalive(body.value)).toEqual({ ok: true, value: { status: 'OK' } });
    expect(serializeSip(buildResponse(m, 200)).toString()).toMatch(
      /^SIP\/2\.0 200 OK\r\n[\s\S]*CSeq: 20 MESSAGE\r\nContent-Length: 0\r\n\r\n$/,
    );
  });

  it('assembles a Catalog answered in 2 packets (SumNum 3) from one TCP chunk', () => {
    expect(CATALOG_1.includes(Buffer.from('大门入口', 'utf8'))).toBe(false);
    expect(CATALOG_1.includes(iconv.encode('大门入口', 'gb2312'))).toBe(true);
    const results = new SipStreamParser().push(Buffer.concat([CATALOG_1, Buffer.from('\r\n\r\n'), CATALOG_2]));
    const items: CatalogItem[] = [];
    let sumNum = -1;
    for (const r of results) {
      if (!r.ok) throw new Error(r.error);
      const body = manscdpOf(r.value);
      if (!body.ok) throw new Error(body.error);
      const cat = readCatalog(body.value);
      if (!cat.ok) throw new Error(cat.error);
      sumNum = cat.value.sumNum;
      items.push(...cat.value.items);
    }
    expect(sumNum).toBe(3);
    expect(items.map((i) => [i.deviceId, i.name, i.status])).toEqual([
      ['34020000001310000001', '大门入口', 'ON'],
      ['34020000001310000002', '停车场东侧', 'OFF'],
      ['34020000001310000003', '仓库（二号）', 'ON'],
    ]);
    expect(items[0]).toEqual({
      deviceId: '34020000001310000001',
      name: '大门入口',
      manufacturer: 'Hikvision',
      model: 'IP Camera',
      owner: 'Owner',
      civilCode: '3402000000',
      address: 'Address',
      parental: 0,
      parentId: '34020000001320000001',
      registerWay: 1,
      secrecy: 0,
      status: 'ON',
    });
  });

  it('reads a DeviceInfo response', () => {
    const m = request(
      message(
        23,
        '<?xml version="1.0" encoding="GB2312"?>\r\n<Response>\r\n<CmdType>DeviceInfo</CmdType>\r\n<SN>17431</SN>\r\n' +
          '<DeviceID>34020000001320000001</DeviceID>\r\n<Result>OK</Result>\r\n<DeviceName>前门枪机</DeviceName>\r\n' +
          '<Manufacturer>Hikvision</Manufacturer>\r\n<Model>DS-2CD2T47G2-L</Model>\r\n<Firmware>V5.7.3</Firmware>\r\n<Channel>1</Channel>\r\n</Response>\r\n',
      ),
    );
    const body = manscdpOf(m);
    if (!body.ok) throw new Error(body.error);
    expect(readDeviceInfo(body.value)).toEqual({
      ok: true,
      value: {
        deviceName: '前门枪机',
        manufacturer: 'Hikvision',
        model: 'DS-2CD2T47G2-L',
        firmware: 'V5.7.3',
        channel: 1,
        result: 'OK',
      },
    });
    expect(parseNameAddr(getHeader(m, 'from')!)).toMatchObject({
      ok: true,
      value: { params: new Map([['tag', '1785410525']]) },
    });
  });
});

describe('malformed traffic', () => {
  it('answers errors, never throws, and a bad TCP stream stays failed', () => {
    const bad = [
      ['MESAGE sip:a@b SIP/2.0 extra\r\nCSeq: 1 MESSAGE\r\n\r\n', /bad start line/],
      [
        KEEPALIVE.toString('latin1').replace(/Content-Length: \d+/, 'Content-Length: 999'),
        /Content-Length 999 exceeds/,
      ],
      ['MESSAGE sip:a@b SIP/2.0\r\nCSeq 1 MESSAGE\r\nContent-Length: 0\r\n\r\n', /header without colon/],
    ] as const;
    for (const [text, pattern] of bad) {
      const r = parseSipMessage(Buffer.from(text, 'latin1'));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toMatch(pattern);
    }
    const p = new SipStreamParser();
    // Over TCP a too-large Content-Length just waits for more bytes; the next message's bytes are read as body.
    expect(p.push(Buffer.from(bad[1][0], 'latin1'))).toEqual([]);
    expect(p.buffered).toBe(KEEPALIVE.length);
    const q = new SipStreamParser();
    const out = q.push(Buffer.concat([KEEPALIVE, Buffer.from(bad[2][0])]));
    expect(out.map((r) => r.ok)).toEqual([true, false]);
  });
});
