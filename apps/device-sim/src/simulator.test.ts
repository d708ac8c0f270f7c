// The simulator against a fake platform over SIP/UDP: digest registration, keepalives, catalog, queries, controls,
// a TCP-passive live INVITE with PS-over-RFC 4571 media, BYE, and unregistration on stop.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  catalogQuery,
  configDownloadQuery,
  deviceConfig,
  deviceInfoQuery,
  deviceStatusQuery,
  getHeader,
  guardCmd,
  makeSsrc,
  parseSdp,
  readCatalog,
  readConfigDownload,
  readDeviceInfo,
  readDeviceStatus,
  readKeepalive,
  readResult,
  teleBoot,
  type SipResponse,
} from '@svc/gb28181';
import { Rfc4571Deframer, STREAM_TYPE } from '@svc/media';
import { PLATFORM_ID, until } from './testing/fake-platform.js';
import { RtpCollector } from './testing/rtp-collector.js';
import { simRig } from './testing/sim-rig.js';

const PASSWORD = 'secret-123';
const rig = simRig();

const startNvrs = (count: number, extra: { keepaliveSeconds?: number } = {}) =>
  rig.registered('udp', {
    count,
    type: 'nvr',
    channels: 8,
    password: PASSWORD,
    keepaliveSeconds: extra.keepaliveSeconds ?? 0.5,
    retrySeconds: 0.2,
  });

describe('simulator over SIP/UDP', () => {
  it('registers with digest auth after a 401 challenge and sends keepalives answered by 200', async () => {
    const { p, s } = await startNvrs(2);
    const registered: string[] = [];
    s.on('registered', (e) => registered.push(e.deviceId));
    const [a, b] = s.devices;
    expect(a?.id).toBe('34020000001180000001');
    expect(b?.id).toBe('34020000001180000002');
    for (const d of s.devices) {
      expect(p.challenges.get(d.id)).toBe(1);
      const regs = p.requests('REGISTER', d.id);
      expect(regs).toHaveLength(2);
      expect(getHeader(regs[0]!.req, 'authorization')).toBeUndefined();
      expect(getHeader(regs[1]!.req, 'authorization')).toMatch(/^Digest /);
      expect(getHeader(regs[1]!.req, 'expires')).toBe('3600');
    }
    const keepalives = await until('keepalives', () => {
      const k = p.manscdp('Keepalive', a!.id, 'Notify');
      return k.length >= 2 && k;
    });
    expect(readKeepalive(keepalives[0]!.manscdp!)).toEqual({ ok: true, value: { status: 'OK' } });
    expect(s.stats().keepalivesSent).toBeGreaterThanOrEqual(2);
    expect(s.stats().registerFailures).toBe(0);
    // The Date of the 200 OK sets the device clock (GB28181 time sync).
    expect(Math.abs(a!.now().getTime() - new Date('2024-05-01T12:00:00.000').getTime())).toBeLessThan(10_000);
  });

  it('answers a Catalog query of an 8-channel NVR in 2 GB2312 packets with SumNum 8', async () => {
    const { p, s } = await startNvrs(1);
    const nvr = s.devices[0]!;
    const ok = await p.request(nvr.id, p.manscdpRequest(nvr.id, catalogQuery({ sn: 7, deviceId: nvr.id })));
    expect(ok.status).toBe(200);
    const packets = await until('2 catalog packets', () => {
      const r = p.manscdp('Catalog', nvr.id);
      return r.length === 2 && r;
    });
    const items = packets.flatMap((r) => {
      expect(r.req.body.toString('latin1')).toMatch(/encoding="GB2312"/i);
      expect(r.manscdp!.sn).toBe(7);
      const c = readCatalog(r.manscdp!);
      if (!c.ok) throw new Error(c.error);
      expect(c.value.sumNum).toBe(8);
      expect(c.value.items).toHaveLength(4);
      return c.value.items;
    });
    expect(new Set(items.map((i) => i.deviceId)).size).toBe(8);
    expect(items.map((i) => i.deviceId)).toEqual(nvr.channels.map((c) => c.id));
    expect(items.every((i) => i.status === 'ON' && i.parentId === nvr.id && i.address === '模拟设备')).toBe(true);
    expect(items[0]!.name).toBe('Sim NVR 0001 CH01');
    expect(items[7]!.deviceId).toMatch(/^34020000001315000108$/);
  });

  it('answers DeviceInfo, DeviceStatus, ConfigDownload and applies DeviceConfig and GuardCmd', async () => {
    const { p, s } = await startNvrs(1);
    const nvr = s.devices[0]!;
    await p.request(nvr.id, p.manscdpRequest(nvr.id, deviceInfoQuery({ sn: 1, deviceId: nvr.id })));
    const info = await until('DeviceInfo', () => p.manscdp('DeviceInfo', nvr.id)[0]);
    expect(info.req.body.toString('latin1')).toMatch(/GB2312/i);
    expect(readDeviceInfo(info.manscdp!)).toMatchObject({
      ok: true,
      value: { manufacturer: 'SimCam', model: 'SIM-NVR-8', firmware: 'V1.0.0', channel: 8 },
    });

    await p.request(
      nvr.id,
      p.manscdpRequest(
        nvr.id,
        deviceConfig({ sn: 2, deviceId: nvr.id, basicParam: { name: 'Gate', heartBeatInterval: 30 } }),
      ),
    );
    const cfg = await until('DeviceConfig result', () => p.manscdp('DeviceConfig', nvr.id)[0]);
    expect(readResult(cfg.manscdp!)).toEqual({ ok: true, value: { result: 'OK' } });
    expect(nvr.name).toBe('Gate');
    expect(nvr.keepaliveSeconds).toBe(30);

    await p.request(
      nvr.id,
      p.manscdpRequest(nvr.id, configDownloadQuery({ sn: 3, deviceId: nvr.id, configType: 'BasicParam' })),
    );
    const down = await until('ConfigDownload', () => p.manscdp('ConfigDownload', nvr.id)[0]);
    expect(readConfigDownload(down.manscdp!)).toMatchObject({
      ok: true,
      value: { result: 'OK', basicParam: { name: 'Gate', heartBeatInterval: 30 } },
    });

    await p.request(nvr.id, p.manscdpRequest(nvr.id, guardCmd({ sn: 4, deviceId: nvr.id, guard: true })));
    const guard = await until('GuardCmd result', () => p.manscdp('DeviceControl', nvr.id)[0]);
    expect(readResult(guard.manscdp!)).toEqual({ ok: true, value: { result: 'OK' } });
    expect(nvr.armed.get(nvr.id)).toBe(true);

    await p.request(nvr.id, p.manscdpRequest(nvr.id, deviceStatusQuery({ sn: 5, deviceId: nvr.id })));
    const status = await until('DeviceStatus', () => p.manscdp('DeviceStatus', nvr.id)[0]);
    const st = readDeviceStatus(status.manscdp!);
    if (!st.ok) throw new Error(st.error);
    expect(st.value).toMatchObject({ result: 'OK', online: 'ONLINE', status: 'OK' });
    expect(st.value.alarms?.every((a) => a.dutyStatus === 'ONDUTY')).toBe(true);
  });

  it('reboots on TeleBoot: answers OK, unregisters, registers again about 2 s later', async () => {
    const { p, s } = await startNvrs(1, { keepaliveSeconds: 60 });
    const nvr = s.devices[0]!;
    const sent = Date.now();
    await p.request(nvr.id, p.manscdpRequest(nvr.id, teleBoot({ sn: 9, deviceId: nvr.id })));
    const res = await until('TeleBoot result', () => p.manscdp('DeviceControl', nvr.id)[0]);
    expect(readResult(res.manscdp!)).toEqual({ ok: true, value: { result: 'OK' } });
    const unreg = await until('Expires 0', () =>
      p.requests('REGISTER', nvr.id).find((r) => getHeader(r.req, 'expires') === '0'),
    );
    const again = await until(
      're-registration',
      () => p.requests('REGISTER', nvr.id).find((r) => r.at > unreg.at && getHeader(r.req, 'expires') === '3600'),
      6000,
    );
    expect(again.at - sent).toBeGreaterThanOrEqual(1900);
    await until('registered again', () => nvr.registered);
  });

  it('retransmits an unanswered keepalive after T1 (500 ms) with the same branch', async () => {
    const p = await rig.platform('udp', PASSWORD);
    p.dropNextKeepalives = 1;
    const sim = rig.simulator(p, {
      count: 1,
      type: 'ipc',
      password: PASSWORD,
      keepaliveSeconds: 30,
    });
    await sim.start();
    const answered = await until(
      'answered keepalive',
      () => p.manscdp('Keepalive', undefined, 'Notify').find((r) => !r.branch?.startsWith('dropped:')),
      3000,
    );
    const dropped = p.received.find((r) => r.branch?.startsWith('dropped:'));
    expect(dropped?.branch).toBe(`dropped:${answered.branch}`);
    expect(answered.at - dropped!.at).toBeGreaterThanOrEqual(450);
    expect(answered.at - dropped!.at).toBeLessThan(1000);
    expect(sim.stats().keepalivesSent).toBe(1);
  });

  it('retries after 403 every retrySeconds and registers once the password matches', async () => {
    const p = await rig.platform('udp', 'other-password');
    const s = rig.simulator(p, {
      count: 1,
      type: 'ipc',
      password: PASSWORD,
      retrySeconds: 0.2,
    });
    await s.start();
    await until('two failures', () => s.stats().registerFailures >= 2);
    expect(s.stats().registered).toBe(0);
    p.password = PASSWORD;
    await until('registered', () => s.stats().registered === 1);
  });

  it('streams PS over RFC 4571 to a TCP-passive INVITE, starting on a keyframe at 25 fps, until BYE', async () => {
    const { p, s } = await startNvrs(1, { keepaliveSeconds: 60 });
    const nvr = s.devices[0]!;
    const channelId = nvr.channels[2]!.id;
    const collector = new RtpCollector('h264');
    const deframer = new Rfc4571Deframer();
    let media: net.Socket | undefined;
    let closed = false;
    const server = net.createServer((socket) => {
      media = socket;
      socket.on('data', (chunk) => {
        for (const packet of deframer.push(chunk)) collector.push(packet);
      });
      socket.on('close', () => (closed = true));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    const ssrc = makeSsrc('live', PLATFORM_ID, 42);
    const invites: string[] = [];
    const byes: string[] = [];
    s.on('invite', (e) => invites.push(`${e.channelId} ${e.mode} ${e.ssrc}`));
    s.on('bye', (e) => byes.push(`${e.channelId} ${e.reason}`));
    try {
      const invite = p.inviteRequest(channelId, { port, ssrc, mode: 'TCP-PASSIVE', session: 'Play' });
      const ok: SipResponse = await p.request(nvr.id, invite);
      expect(ok.status).toBe(200);
      const answer = parseSdp(ok.body.toString('utf8'));
      if (!answer.ok) throw new Error(answer.error);
      expect(answer.value.ssrc).toBe(ssrc);
      expect(answer.value.attributes.some(([k]) => k === 'sendonly')).toBe(true);
      expect(answer.value.setup).toBe('active');
      expect(invites).toEqual([`${channelId} TCP-PASSIVE ${ssrc}`]);
      // Nothing flows before the ACK.
      await new Promise((r) => setTimeout(r, 150));
      expect(media).toBeUndefined();
      const toTag = /tag=([^;\s]+)/.exec(getHeader(ok, 'to') ?? '')?.[1];
      p.send(nvr.id, p.newRequest('ACK', channelId, { callId: getHeader(invite, 'call-id'), toTag }));

      await until('30 frames', () => collector.frames.length >= 30, 5000);
      const frames = collector.frames;
      expect([...collector.ssrcs]).toEqual([Number(ssrc)]);
      expect(collector.streamTypes.get(0xe0)).toBe(STREAM_TYPE.H264);
      expect(collector.demuxErrors).toBe(0);
      expect(frames[0]!.keyframe).toBe(true);
      expect(frames.filter((f) => f.keyframe).length).toBeGreaterThanOrEqual(1);
      for (let i = 1; i < frames.length; i++) {
        expect((frames[i]!.timestamp - frames[i - 1]!.timestamp + 2 ** 32) % 2 ** 32).toBe(3600);
        expect(frames[i]!.frame.pts - frames[i - 1]!.frame.pts).toBe(3600);
      }
      // Real time: 25 frames span about a second, not a burst.
      expect(frames[25]!.at - frames[0]!.at).toBeGreaterThanOrEqual(850);
      expect(s.stats().streams).toBe(1);
      expect(s.stats().rtpPackets).toBeGreaterThanOrEqual(collector.packets);

      const bye = await p.request(
        nvr.id,
        p.newRequest('BYE', channelId, { callId: getHeader(invite, 'call-id'), toTag, cseq: 2 }),
      );
      expect(bye.status).toBe(200);
      await until('media closed', () => closed);
      const count = collector.packets;
      await new Promise((r) => setTimeout(r, 200));
      expect(collector.packets).toBe(count);
      expect(s.stats().streams).toBe(0);
      expect(byes).toEqual([`${channelId} platform`]);
    } finally {
      server.close();
    }
  });

  it('answers 488 to a Playback INVITE', async () => {
    const { p, s } = await startNvrs(1, { keepaliveSeconds: 60 });
    const nvr = s.devices[0]!;
    const channelId = nvr.channels[0]!.id;
    const ssrc = makeSsrc('history', PLATFORM_ID, 1);
    const res = await p.request(
      nvr.id,
      p.inviteRequest(channelId, {
        port: 9000,
        ssrc,
        mode: 'UDP',
        session: 'Playback',
        start: 1714521600,
        end: 1714525200,
      }),
    );
    expect(res.status).toBe(488);
  });

  it('unregisters every device with Expires 0 on stop()', async () => {
    const { p, s } = await startNvrs(3, { keepaliveSeconds: 60 });
    await rig.stop();
    for (const d of s.devices) {
      const unreg = p.requests('REGISTER', d.id).filter((r) => getHeader(r.req, 'expires') === '0');
      expect(unreg.length).toBeGreaterThanOrEqual(1);
      expect(unreg.some((r) => getHeader(r.req, 'authorization') !== undefined)).toBe(true);
    }
    expect(s.stats().registered).toBe(0);
  });
});
