// The simulator over SIP/TCP: one connection per device, reconnect ≥ 1 s apart, UDP and TCP-active media, media-close BYE.
import dgram from 'node:dgram';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { deviceInfoQuery, getHeader, makeSsrc, parseSdp, readDeviceInfo, type SipRequest } from '@svc/gb28181';
import { Rfc4571Deframer } from '@svc/media';
import { FakePlatform, PLATFORM_ID, until } from './testing/fake-platform.js';
import { RtpCollector } from './testing/rtp-collector.js';
import { simRig } from './testing/sim-rig.js';

const PASSWORD = 'tcp-secret';
const rig = simRig();

const startIpc = (codec: 'h264' | 'h265' = 'h264') =>
  rig.registered('tcp', {
    count: 1,
    type: 'ipc',
    password: PASSWORD,
    keepaliveSeconds: 0.3,
    retrySeconds: 0.2,
    codec,
    firstId: '34020000001320000101',
  });

const inviteFor = (p: FakePlatform, channelId: string, port: number, mode: 'UDP' | 'TCP-ACTIVE'): SipRequest =>
  p.inviteRequest(channelId, { port, ssrc: makeSsrc('live', PLATFORM_ID, 7), mode, session: 'Play' });

function ack(p: FakePlatform, deviceId: string, invite: SipRequest, toHeader: string | undefined): void {
  const toTag = /tag=([^;\s]+)/.exec(toHeader ?? '')?.[1];
  const channelId = /sip:(\d+)@/.exec(invite.uri)?.[1] ?? '';
  p.send(deviceId, p.newRequest('ACK', channelId, { callId: getHeader(invite, 'call-id'), toTag }));
}

describe('simulator over SIP/TCP', () => {
  it('registers, keeps alive and answers DeviceInfo over its own TCP connection', async () => {
    const { p, s } = await startIpc();
    const ipc = s.devices[0]!;
    expect(ipc.id).toBe('34020000001320000101');
    expect(ipc.channels.map((c) => c.id)).toEqual(['34020000001310000101']);
    const reg = p.requests('REGISTER', ipc.id);
    expect(getHeader(reg[0]!.req, 'via')).toMatch(/^SIP\/2\.0\/TCP /);
    await until('keepalive', () => p.manscdp('Keepalive', ipc.id, 'Notify').length >= 2);
    await p.request(ipc.id, p.manscdpRequest(ipc.id, deviceInfoQuery({ sn: 3, deviceId: ipc.id })));
    const info = await until('DeviceInfo', () => p.manscdp('DeviceInfo', ipc.id)[0]);
    expect(readDeviceInfo(info.manscdp!)).toMatchObject({
      ok: true,
      value: { model: 'SIM-IPC-1', channel: 1, deviceName: 'Sim IPC 0001' },
    });
  });

  it('reconnects at least 1 s after the connection drops and registers again', async () => {
    const { p, s } = await startIpc();
    const ipc = s.devices[0]!;
    const before = p.requests('REGISTER', ipc.id).length;
    const dropped = Date.now();
    p.dropConnections();
    await until('offline', () => !ipc.registered, 2000);
    await until('registered again', () => ipc.registered, 5000);
    const again = p.requests('REGISTER', ipc.id).slice(before);
    expect(again.length).toBeGreaterThanOrEqual(2);
    expect(again[0]!.at - dropped).toBeGreaterThanOrEqual(950);
  });

  it('sends RTP over UDP to the offer address for a UDP INVITE (H.265 sample)', async () => {
    const { p, s } = await startIpc('h265');
    const ipc = s.devices[0]!;
    const channelId = ipc.channels[0]!.id;
    const rtp = dgram.createSocket('udp4');
    const collector = new RtpCollector('h265');
    rtp.on('message', (buf) => collector.push(buf));
    await new Promise<void>((resolve) => rtp.bind(0, '127.0.0.1', resolve));
    try {
      const invite = inviteFor(p, channelId, rtp.address().port, 'UDP');
      const ok = await p.request(ipc.id, invite);
      expect(ok.status).toBe(200);
      const answer = parseSdp(ok.body.toString('utf8'));
      expect(answer.ok && answer.value.media?.proto).toBe('RTP/AVP');
      ack(p, ipc.id, invite, getHeader(ok, 'to'));
      await until('frames', () => collector.frames.length >= 10);
      expect(collector.frames[0]!.keyframe).toBe(true);
      expect(collector.streamTypes.get(0xe0)).toBe(0x24);
      const toTag = /tag=([^;\s]+)/.exec(getHeader(ok, 'to') ?? '')?.[1];
      const bye = await p.request(
        ipc.id,
        p.newRequest('BYE', channelId, { callId: getHeader(invite, 'call-id'), toTag, cseq: 2 }),
      );
      expect(bye.status).toBe(200);
      await until('stream ended', () => s.stats().streams === 0);
    } finally {
      rtp.close();
    }
  });

  it('listens for a TCP-active INVITE and sends BYE when the platform closes the media connection', async () => {
    const { p, s } = await startIpc();
    const ipc = s.devices[0]!;
    const channelId = ipc.channels[0]!.id;
    const invite = inviteFor(p, channelId, 0, 'TCP-ACTIVE');
    const ok = await p.request(ipc.id, invite);
    expect(ok.status).toBe(200);
    const answer = parseSdp(ok.body.toString('utf8'));
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.value.setup).toBe('passive');
    ack(p, ipc.id, invite, getHeader(ok, 'to'));
    const collector = new RtpCollector('h264');
    const deframer = new Rfc4571Deframer();
    const socket = net.connect({ host: '127.0.0.1', port: answer.value.media!.port });
    socket.on('data', (chunk) => {
      for (const packet of deframer.push(chunk)) collector.push(packet);
    });
    await until('frames', () => collector.frames.length >= 5);
    expect(collector.frames[0]!.keyframe).toBe(true);
    socket.destroy();
    const bye = await until('device BYE', () =>
      p.requests('BYE', undefined).find((r) => getHeader(r.req, 'call-id') === getHeader(invite, 'call-id')),
    );
    expect(bye.req.uri).toContain(PLATFORM_ID);
    await until('stream ended', () => s.stats().streams === 0);
  });

  it('unregisters over TCP on stop()', async () => {
    const { p, s } = await startIpc();
    await rig.stop();
    const id = s.devices[0]!.id;
    expect(p.requests('REGISTER', id).some((r) => getHeader(r.req, 'expires') === '0')).toBe(true);
  });
});
