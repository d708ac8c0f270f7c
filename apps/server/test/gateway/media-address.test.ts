// The address devices are told (SDP c=, Via/Contact) follows a specific HOST, so a console started
// on HOST=127.0.0.1 with no MEDIA_IP plays live video from a device that sends exactly where the SDP
// says (the simulator takes c= and m= from the INVITE); and a live view that cannot start says why in
// the log, while the API answers only the SPEC code.
import dgram from 'node:dgram';
import { writeRtp } from '@svc/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteEvent } from '@svc/device-sim';
import { apiSite } from '../factories.js';
import type { Body } from '../helper.js';
import { createLiveRig, type LiveRig } from '../live-rig.js';
import { until } from '../wait.js';

type LogLine = { level: number; msg: string; code?: number; gbCode?: string; channelCode?: string };
type Mode = 'UDP' | 'TCP-PASSIVE' | 'TCP-ACTIVE';
const WARN = 40;
const PASSWORD = 'ipc-pass-1';

/** Pino options that keep every line the app logs at `level` and above. */
function captureLog(level: string): { lines: LogLine[]; logger: object } {
  const lines: LogLine[] = [];
  return {
    lines,
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } },
  };
}

/**
 * An enterprise with one camera per stream mode, each registered by a simulator over `transport`;
 * answers the device ids by mode, a livePlayUrl call, and the INVITEs the cameras received.
 */
async function site(rig: LiveRig, firstId: number, transport: 'udp' | 'tcp') {
  const t = rig.t;
  const { boss, projectId } = await apiSite(t, { enterprise: `Sites ${firstId}`, project: 'Gate' });
  const post = async (url: string, payload: object) =>
    (await t.call({ method: 'POST', url, headers: { xaccesstoken: boss.token, language: 'en-US' }, payload }))
      .body as Body;
  const ids = {} as Record<Mode, { id: number; gbCode: string }>;
  const invites: InviteEvent[] = [];
  for (const [i, mode] of (['UDP', 'TCP-PASSIVE', 'TCP-ACTIVE'] as const).entries()) {
    const gbCode = `340200000013200${String(firstId + i).padStart(5, '0')}`;
    const res = await post('/api/device/add', {
      streamMode: mode,
      sn: `ADDRCAM${String(firstId + i).padStart(6, '0')}`,
      devName: `${mode} camera`,
      devType: 'IPC',
      projectId,
      password: PASSWORD,
      gbCode,
    });
    expect(res.code, JSON.stringify(res)).toBe(1);
    ids[mode] = { id: (res.data as { id: number }).id, gbCode };
  }
  const sim = rig.sim({ type: 'ipc', password: PASSWORD, firstId: ids.UDP.gbCode, count: 3, transport });
  sim.on('invite', (e) => invites.push(e));
  await sim.start();
  for (const { id } of Object.values(ids)) {
    await until(
      `camera ${id} online`,
      async () =>
        (await t.db.selectFrom('device').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status ===
        'online',
      15_000,
      50,
    );
  }
  const play = (mode: Mode) => post('/api/device/livePlayUrl', { deviceId: ids[mode].id, channel: 1, stream: 'main' });
  return { t, ids, invites, play, owner: { token: boss.token } };
}

describe('a console on HOST=127.0.0.1 without MEDIA_IP', () => {
  let rig: LiveRig;
  let s: Awaited<ReturnType<typeof site>>;
  const log = captureLog('warn');

  beforeAll(async () => {
    rig = await createLiveRig({ firstFrameMs: 8000 }, { env: { MEDIA_IP: '' }, logger: log.logger });
    s = await site(rig, 1, 'udp');
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
  });

  it('tells devices 127.0.0.1 and plays live video they send exactly where the SDP says, in every stream mode', async () => {
    expect(rig.t.app.gateway.settings.ip).toBe('127.0.0.1');
    for (const mode of ['UDP', 'TCP-PASSIVE', 'TCP-ACTIVE'] as const) {
      const res = await s.play(mode);
      expect(res.code, `${mode}: ${JSON.stringify(res)}`).toBe(1);
      const frames = await rig.collect((res.data as { wsUrl: string }).wsUrl, 5, s.owner);
      expect(frames.binary.length, mode).toBeGreaterThanOrEqual(6);
    }
    // The device sent UDP and TCP media to the SDP's c= and m=: this console's address and RTP port.
    const sent = s.invites.filter((e) => e.mode !== 'TCP-ACTIVE');
    expect(sent.map((e) => e.host)).toEqual(['127.0.0.1', '127.0.0.1']);
    expect(new Set(sent.map((e) => e.port)).size).toBe(1);
    expect(log.lines.filter((l) => l.level >= WARN)).toEqual([]);
  });

  it('logs the device’s error answer to a failed INVITE and answers 4105', async () => {
    await until('the streams above idle out', () => rig.t.app.live.size === 0, 8000);
    // A channel code the camera does not serve: it answers 404.
    await s.t.db
      .updateTable('channel')
      .set({ gb_code: '34020000001310000999' })
      .where('device_id', '=', s.ids.UDP.id)
      .execute();
    expect((await s.play('UDP')).code).toBe(4105);
    const line = log.lines.find((l) => l.channelCode === '34020000001310000999');
    expect(line).toMatchObject({ level: WARN, code: 4105, gbCode: s.ids.UDP.gbCode });
    expect(line!.msg).toContain('device answered 404 Not Found to the INVITE');
  });

  it('logs an offline device and answers 4101', async () => {
    const gone = s.ids['TCP-ACTIVE'];
    rig.t.app.gateway.registry.remove(gone.gbCode, 'expired');
    expect((await s.play('TCP-ACTIVE')).code).toBe(4101);
    expect(log.lines.find((l) => l.gbCode === gone.gbCode && l.code === 4101)).toMatchObject({
      level: WARN,
      msg: expect.stringContaining('device offline'),
    });
  });
});

describe('a console whose MEDIA_IP is not where it listens', () => {
  let rig: LiveRig;
  let s: Awaited<ReturnType<typeof site>>;
  const log = captureLog('warn');
  const failure = (gbCode: string) => log.lines.find((l) => l.gbCode === gbCode && l.level === WARN);

  beforeAll(async () => {
    // Devices are told 127.0.0.2; SIP and RTP listen on 127.0.0.1 only. SIP over TCP still reaches
    // the devices (answers ride the connection); their media cannot.
    rig = await createLiveRig({ firstFrameMs: 4000 }, { env: { MEDIA_IP: '127.0.0.2' }, logger: log.logger });
    s = await site(rig, 11, 'tcp');
  }, 60_000);
  afterAll(async () => {
    await rig?.close();
  });

  it('answers 4104 for UDP media that never came, and logs the SSRC, the SDP address and stray RTP', async () => {
    const stray = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => stray.bind(0, '127.0.0.3', resolve));
    s.invites.length = 0;
    const res = s.play('UDP');
    const invite = await until('the INVITE', () => s.invites[0]);
    // Someone else's RTP reaches the console meanwhile: named in the log as what did arrive.
    const packet = writeRtp({
      marker: false,
      payloadType: 96,
      sequence: 1,
      timestamp: 0,
      ssrc: 123,
      payload: Buffer.alloc(8),
    });
    await new Promise<void>((resolve) => stray.send(packet, invite.port, '127.0.0.1', () => resolve()));
    stray.close();
    expect((await res).code).toBe(4104);
    expect(invite).toMatchObject({ host: '127.0.0.2', mode: 'UDP' });
    const line = failure(s.ids.UDP.gbCode);
    expect(line).toMatchObject({ code: 4104 });
    expect(line!.msg).toContain(`no RTP of SSRC ${invite.ssrc} arrived`);
    expect(line!.msg).toContain(`send it to 127.0.0.2:${invite.port} over UDP`);
    expect(line!.msg).toContain('latest SSRC 0000000123 from 127.0.0.3');
  });

  it('answers 4105 when the device gives up reaching the TCP media address, and logs why', async () => {
    s.invites.length = 0;
    expect((await s.play('TCP-PASSIVE')).code).toBe(4105);
    const line = failure(s.ids['TCP-PASSIVE'].gbCode);
    expect(line).toMatchObject({ code: 4105 });
    expect(line!.msg).toContain('stream ended before its first keyframe (device ended the stream)');
    expect(line!.msg).toContain(`send it to 127.0.0.2:${s.invites[0]!.port} over TCP`);
    expect(line!.msg).toContain('no other RTP arrived either');
  });
});
