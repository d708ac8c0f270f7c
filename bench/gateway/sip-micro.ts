// bench/gateway/sip-micro.ts: ns per operation of the packages/gb28181 calls an alarm costs each side, in one
// process with no sockets: parse the device's Notify/Alarm MESSAGE, answer it 200 OK, build the platform's
// SnapShotConfig MESSAGE, read the device's Response, match a 200 to its transaction, decode the alarm body.
// Messages are made by the package's own builders as the simulator and the gateway make them. Each figure
// is the median of several timed rounds (the machine may be busy); prints figures, asserts nothing.
//   npx tsx bench/gateway/sip-micro.ts [--ms 300 --rounds 7]
import {
  alarmNotify,
  buildRequest,
  buildResponse,
  controlResponse,
  decodeManscdp,
  encodeBody,
  getHeader,
  MANSCDP_CONTENT_TYPE,
  newBranch,
  newCallId,
  newTag,
  parseCSeq,
  parseSipMessage,
  parseVia,
  readAlarm,
  readResult,
  serializeSip,
  snapShotConfig,
  type SipRequest,
} from '@svc/gb28181';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUND_MS = arg('ms', 300);
const ROUNDS = arg('rounds', 7);

const PLATFORM = { id: '34020000002000000001', domain: '3402000000', ip: '10.0.0.1', port: 5060 };
const DEVICE = { id: '34020000001320000001', ip: '192.168.1.64', port: 5060 };

/** As apps/device-sim's sendMessage writes a MANSCDP MESSAGE to the platform. */
function deviceMessage(xml: string, encoding: 'GB2312' | 'UTF-8'): Buffer {
  const platformUri = `sip:${PLATFORM.id}@${PLATFORM.domain}`;
  const req = buildRequest({
    method: 'MESSAGE',
    uri: platformUri,
    from: { uri: `sip:${DEVICE.id}@${PLATFORM.domain}`, tag: newTag() },
    to: { uri: platformUri },
    callId: newCallId(DEVICE.ip),
    cseq: 1,
    via: { transport: 'UDP', host: DEVICE.ip, port: DEVICE.port, branch: newBranch(), rport: true },
    userAgent: 'SimCam/1.0',
    body: encodeBody(xml, encoding),
    contentType: MANSCDP_CONTENT_TYPE,
  });
  return serializeSip(req);
}

/** As the gateway's commands.send writes a MESSAGE to a device (requestTo in gateway/gb28181/context.ts). */
function platformMessage(xml: string): Buffer {
  return serializeSip(
    buildRequest({
      method: 'MESSAGE',
      uri: `sip:${DEVICE.id}@${DEVICE.ip}:${DEVICE.port}`,
      from: { uri: `sip:${PLATFORM.id}@${PLATFORM.domain}`, tag: newTag() },
      to: { uri: `sip:${DEVICE.id}@${PLATFORM.domain}` },
      callId: newCallId(PLATFORM.ip),
      cseq: 1,
      via: { transport: 'UDP', host: PLATFORM.ip, port: PLATFORM.port, branch: newBranch(), rport: true },
      contact: `<sip:${PLATFORM.id}@${PLATFORM.ip}:${PLATFORM.port}>`,
      userAgent: 'Surveillance Console GB28181',
      body: encodeBody(xml, 'GB2312'),
      contentType: MANSCDP_CONTENT_TYPE,
    }),
  );
}

function request(buf: Buffer): SipRequest {
  const r = parseSipMessage(buf);
  if (!r.ok || r.value.kind !== 'request') throw new Error(r.ok ? 'not a request' : r.error);
  return r.value;
}

const alarmXml = alarmNotify({
  sn: 17,
  deviceId: DEVICE.id,
  priority: 1,
  method: 5,
  type: 2,
  time: '2024-05-01T12:34:56',
  description: 'VideoMotion',
});
const alarmDatagram = deviceMessage(alarmXml, 'GB2312');
const alarmReq = request(alarmDatagram);
const okDatagram = serializeSip(buildResponse(alarmReq, 200, 'OK'));
const responseDatagram = deviceMessage(
  controlResponse({ sn: 18, deviceId: DEVICE.id, cmdType: 'DeviceConfig', result: 'OK' }),
  'UTF-8',
);

// Results land here so the optimiser cannot drop the work.
let sink = 0;

const OPS: [string, () => void][] = [
  ['parse Notify/Alarm MESSAGE datagram', () => void (sink += parseSipMessage(alarmDatagram).ok ? 1 : 0)],
  ['build + serialize its 200 OK', () => void (sink += serializeSip(buildResponse(alarmReq, 200, 'OK')).length)],
  [
    'build + encode SnapShotConfig MESSAGE',
    () => {
      const xml = snapShotConfig({
        sn: 123456,
        deviceId: DEVICE.id,
        uploadUrl: 'http://10.0.0.1:8080/upload/alarm/123456?e=1&exp=1714567890&sig=Jm0kQ2xvdWQtc2lnbmF0dXJlLXRlc3Q',
        sessionId: 'alarm-123456',
      });
      sink += platformMessage(xml).length;
    },
  ],
  [
    'parse + decode device Response MESSAGE',
    () => {
      const m = parseSipMessage(responseDatagram);
      if (!m.ok) return;
      const d = decodeManscdp(m.value.body);
      sink += d.ok && readResult(d.value).ok ? 1 : 0;
    },
  ],
  [
    'parse 200 OK + match transaction',
    () => {
      const m = parseSipMessage(okDatagram);
      if (!m.ok) return;
      const via = parseVia(getHeader(m.value, 'via') ?? '');
      const cseq = parseCSeq(getHeader(m.value, 'cseq') ?? '');
      sink += via.ok && cseq.ok ? via.value.params.size : 0;
    },
  ],
  [
    'decode alarm body (decodeManscdp + readAlarm)',
    () => {
      const d = decodeManscdp(alarmReq.body);
      sink += d.ok && readAlarm(d.value).ok ? 1 : 0;
    },
  ],
];

/** ns per call over a round of about ROUND_MS, in batches so the clock is read rarely. */
function round(fn: () => void): number {
  const batch = 200;
  const deadline = process.hrtime.bigint() + BigInt(ROUND_MS) * 1_000_000n;
  const t0 = process.hrtime.bigint();
  let n = 0;
  let now = t0;
  while (now < deadline) {
    for (let i = 0; i < batch; i++) fn();
    n += batch;
    now = process.hrtime.bigint();
  }
  return Number(now - t0) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Warm-up: every op reaches optimised code before any round counts.
for (const [, fn] of OPS) round(fn);
const results = OPS.map(([name]) => ({ name, ns: [] as number[] }));
// Rounds interleave the ops so a burst of load on the machine spreads over all of them.
for (let r = 0; r < ROUNDS; r++) OPS.forEach(([, fn], i) => results[i]!.ns.push(round(fn)));

console.log(`sip-micro: ${ROUNDS} rounds of ~${ROUND_MS} ms per op; median (min-max) ns per op`);
console.log(
  `alarm datagram ${alarmDatagram.length} B, 200 OK ${okDatagram.length} B, Response ${responseDatagram.length} B`,
);
for (const { name, ns } of results) {
  const fmt = (x: number) => x.toFixed(0).padStart(6);
  console.log(`${name.padEnd(46)} ${fmt(median(ns))}  (${fmt(Math.min(...ns)).trim()}-${fmt(Math.max(...ns)).trim()})`);
}
if (sink === 0) console.log('(nothing parsed)');
