// The gateway end to end with the simulator as the device: registration with digest, catalog sync,
// keepalive expiry, and a live stream whose fMP4 an independent client (ffprobe) reads as H.264.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until as waitUntil } from '../wait.js';
import type { TestApp } from '../helper.js';
import type { Enterprise } from '../factories.js';
import { createLiveSite, type Caller, type LiveRig } from '../live-rig.js';

const run = promisify(execFile);

const IPC_ID = '34020000001320000001';
const NVR_ID = '34020000001180000001';
const IPC_PASSWORD = 'ipc-pass-1';
const NVR_PASSWORD = 'nvr-pass-2';

let rig: LiveRig;
let t: TestApp;
let boss: Enterprise;
let rival: Enterprise;
let ipcDeviceId: number;
let nvrDeviceId: number;
/** Cameras streaming over UDP, TCP with the device listening, and H.265 over the default TCP. */
const MODE_IDS = ['34020000001320000011', '34020000001320000012', '34020000001320000013'];
const modeDevices: { id: number; mode: string }[] = [];
const tmp = mkdtempSync(join(tmpdir(), 'svc-live-'));

const post = (token: string, url: string, payload: unknown) => t.as(token).post(url, payload);

// Streams take longer than rows: a wider bound.
const until = <T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, ms = 15_000) =>
  waitUntil(what, probe, ms, 50);

const statusOf = async (id: number) =>
  (await t.db.selectFrom('device').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const channelsOf = (id: number) =>
  t.db
    .selectFrom('channel')
    .select(['index_no', 'gb_code', 'main'])
    .where('device_id', '=', id)
    .orderBy('index_no')
    .execute();

const sim: LiveRig['sim'] = (o) => rig.sim(o);
let nvrSim: ReturnType<LiveRig['sim']>;
/** The enterprise's main account, signed in as the browser is (the token cookie). */
let owner: Caller;

beforeAll(async () => {
  let projectId: number;
  ({ rig, t, boss, rival, projectId } = await createLiveSite('Live Sites', 'Depot'));
  owner = { token: boss.token };
  const add = async (
    sn: string,
    devType: 'IPC' | 'NVR',
    gbCode: string,
    password: string,
    streamMode: 'TCP-PASSIVE' | 'UDP' | 'TCP-ACTIVE' = 'TCP-PASSIVE',
  ) => {
    const res = await post(boss.token, '/api/device/add', {
      streamMode,
      sn,
      devName: `${devType} at the gate`,
      devType,
      projectId,
      password,
      gbCode,
    });
    expect(res.code, JSON.stringify(res)).toBe(1);
    return (res.data as { id: number }).id;
  };
  ipcDeviceId = await add('LIVEIPC000001', 'IPC', IPC_ID, IPC_PASSWORD);
  nvrDeviceId = await add('LIVENVR000001', 'NVR', NVR_ID, NVR_PASSWORD);
  for (const [i, mode] of (['UDP', 'TCP-ACTIVE', 'TCP-PASSIVE'] as const).entries()) {
    modeDevices.push({ id: await add(`LIVEMODE00${i + 1}00`, 'IPC', MODE_IDS[i]!, IPC_PASSWORD, mode), mode });
  }
}, 60_000);

afterAll(async () => {
  await rig?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('registration', () => {
  it('refuses an ID no enterprise added, and a wrong password', async () => {
    const stranger = sim({ type: 'ipc', password: 'whatever', firstId: '34020000001320000999' });
    const wrong = sim({ type: 'ipc', password: 'not-the-password', firstId: IPC_ID });
    await Promise.all([stranger.start(), wrong.start()]);
    await until('both refusals', () => stranger.stats().registerFailures > 0 && wrong.stats().registerFailures > 0);
    expect(stranger.stats().registered).toBe(0);
    expect(wrong.stats().registered).toBe(0);
    expect(await statusOf(ipcDeviceId)).toBe('offline');
    await Promise.all([stranger.stop(), wrong.stop()]);
  });

  it('registers an IPC over UDP with its own password, goes online and syncs its catalog and labels', async () => {
    const ipc = sim({ type: 'ipc', password: IPC_PASSWORD, firstId: IPC_ID, transport: 'udp' });
    await ipc.start();
    await until('IPC online', async () => (await statusOf(ipcDeviceId)) === 'online');
    const channels = await until('IPC catalog', async () => {
      const c = await channelsOf(ipcDeviceId);
      return c.length > 0 && c[0]!.gb_code ? c : undefined;
    });
    expect(channels).toHaveLength(1);
    // The channel made when the camera was added is the one the catalog names.
    expect(channels[0]).toMatchObject({ index_no: 1, main: 0, gb_code: '34020000001310000001' });
    const labels = await until('IPC labels', async () => {
      const r = await t.db
        .selectFrom('device')
        .select(['manufacturer', 'model'])
        .where('id', '=', ipcDeviceId)
        .executeTakeFirstOrThrow();
      return r.manufacturer ? r : undefined;
    });
    expect(labels.manufacturer).toBe('SimCam');
  });

  it('registers an NVR over TCP and numbers its 8 channels from a catalog sent in several packets', async () => {
    const nvr = (nvrSim = sim({ type: 'nvr', channels: 8, password: NVR_PASSWORD, firstId: NVR_ID, transport: 'tcp' }));
    await nvr.start();
    const channels = await until('NVR catalog', async () => {
      const c = await channelsOf(nvrDeviceId);
      return c.length === 8 ? c : undefined;
    });
    expect(channels.map((c) => c.index_no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(channels.map((c) => c.gb_code)).size).toBe(8);
    expect(await statusOf(nvrDeviceId)).toBe('online');
  });

  it('takes a TCP device offline as soon as it unregisters and its connection drops', async () => {
    const nvr = nvrSim;
    await nvr.stop();
    await until('NVR offline', async () => (await statusOf(nvrDeviceId)) === 'offline', 5000);
    expect(t.app.gateway.registration(NVR_ID)).toBeUndefined();
  });
});

describe('restful device calls', () => {
  const restful = async (body: object) => {
    const res = await post(boss.token, '/api/restful', { deviceId: ipcDeviceId, ...body });
    expect(res.code, JSON.stringify(res)).toBe(1);
    expect(typeof res.data).toBe('string');
    return JSON.parse(res.data as string) as { code: number; data: Record<string, unknown> & { Ret: number } };
  };

  it('answers getInfo, status, keepalive and the basic config in the device interface shape', async () => {
    expect(await restful({ cmd: 'getInfo' })).toEqual({
      code: 2000,
      data: expect.objectContaining({ Ret: 100, Manufacturer: 'SimCam', Channel: 1 }),
    });
    expect((await restful({ cmd: 'status' })).data).toMatchObject({ Ret: 100, Online: 'ONLINE' });
    expect((await restful({ cmd: 'keepalive' })).data).toMatchObject({
      Ret: 100,
      Transport: 'UDP',
      HeartBeatInterval: 60,
    });
    expect(
      (await restful({ cmd: 'setConfig', BasicParam: { Name: 'Gate cam renamed', HeartBeatInterval: 30 } })).data,
    ).toEqual({ Ret: 100 });
    expect((await restful({ cmd: 'getConfig' })).data.BasicParam).toMatchObject({
      Name: 'Gate cam renamed',
      HeartBeatInterval: 30,
    });
    expect(t.app.gateway.registration(IPC_ID)?.keepaliveInterval).toBe(30);
    expect((await restful({ cmd: 'setConfig' })).data).toEqual({ Ret: 606 });
  });

  it('captures a picture over SnapShotConfig and answers it inline', async () => {
    const answer = await restful({ cmd: 'capture' });
    expect(answer.data.Ret).toBe(100);
    const picture = answer.data.Picture as string;
    expect(picture).toMatch(/^data:image\/jpeg;base64,/);
    expect(Buffer.from(picture.split(',')[1]!, 'base64').subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('keeps another enterprise and bad input out', async () => {
    expect((await post(rival.token, '/api/restful', { deviceId: ipcDeviceId, cmd: 'getInfo' })).code).toBe(404);
    expect((await post(boss.token, '/api/restful', { deviceId: ipcDeviceId, cmd: 'format-disk' })).code).toBe(4000);
  });
});

describe('live view', () => {
  let answer: { wsUrl: string; hlsUrl: string; codec: string; mime: string; width: number; height: number };

  it('answers signed URLs once the first keyframe is in hand', async () => {
    const res = await post(boss.token, '/api/device/livePlayUrl', {
      deviceId: ipcDeviceId,
      channel: 1,
      stream: 'main',
    });
    expect(res.code, JSON.stringify(res)).toBe(1);
    answer = res.data as typeof answer;
    expect(answer).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(answer.mime).toMatch(/^video\/mp4; codecs="avc1\.[0-9a-f]{6}"$/);
    expect(answer.wsUrl).toMatch(/^\/media\/live\/\d+-\d+-1-main\.mp4\?exp=\d+&sig=/);
  });

  it('streams fMP4 over WebSocket that ffprobe reads as the sample: H.264 640x360 at 25 fps', async () => {
    const frames = await rig.collect(answer.wsUrl, 60, owner);
    expect(JSON.parse(frames.text[0]!)).toMatchObject({ type: 'init', codec: 'h264', width: 640, height: 360 });
    const file = join(tmp, 'live.mp4');
    writeFileSync(file, Buffer.concat(frames.binary));
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-count_frames',
      '-show_entries',
      'stream=codec_name,width,height,r_frame_rate,nb_read_frames',
      '-of',
      'json',
      file,
    ]);
    const stream = (JSON.parse(stdout) as { streams: Record<string, unknown>[] }).streams[0]!;
    expect(stream).toMatchObject({ codec_name: 'h264', width: 640, height: 360, r_frame_rate: '25/1' });
    expect(Number(stream.nb_read_frames)).toBeGreaterThanOrEqual(55);
  });

  it('starts a second viewer at once from the cached keyframe, on the same device stream', async () => {
    const again = await post(boss.token, '/api/device/livePlayUrl', {
      deviceId: ipcDeviceId,
      channel: 1,
      stream: 'main',
    });
    expect(again.code).toBe(1);
    const started = Date.now();
    const frames = await rig.collect((again.data as typeof answer).wsUrl, 1, owner);
    expect(Date.now() - started).toBeLessThan(1000);
    // First media segment carries a sync sample: moof … trun flags of a keyframe (depends_on = 2).
    expect(frames.binary[1]!.subarray(4, 8).toString('latin1')).toBe('moof');
    expect(t.app.live.size).toBe(1);
  });

  it('serves the same stream as HLS', async () => {
    const text = await until(
      'two HLS segments',
      async () => {
        const body = await (await rig.get(answer.hlsUrl, owner)).text();
        return (body.match(/#EXTINF/g)?.length ?? 0) >= 2 ? body : undefined;
      },
      8000,
    );
    expect(text).toContain('#EXT-X-MAP:URI="init.mp4?');
    const first = text.split('\n').find((l) => l.includes('.m4s?'))!;
    const base = answer.hlsUrl.slice(0, answer.hlsUrl.indexOf('index.m3u8'));
    const segment = await rig.get(`${base}${first}`, owner);
    expect(segment.status).toBe(200);
    expect(
      Buffer.from(await segment.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('moof');
  });

  it('refuses a forged or expired signature with close code 4004', async () => {
    const fresh = async () =>
      (
        (await post(boss.token, '/api/device/livePlayUrl', { deviceId: ipcDeviceId, channel: 1, stream: 'main' }))
          .data as typeof answer
      ).wsUrl;
    const forged = (await fresh()).replace(/sig=[^&]+/, 'sig=AAAA');
    expect(await rig.closeCodeOf(forged, owner)).toBe(4004);
    const expiring = await fresh();
    t.clock.advance(120_000);
    expect(await rig.closeCodeOf(expiring, owner)).toBe(4004);
    t.clock.advance(-120_000);
  });

  it('answers not found for another enterprise and bad input for a channel the device lacks', async () => {
    const theirs = await post(rival.token, '/api/device/livePlayUrl', {
      deviceId: ipcDeviceId,
      channel: 1,
      stream: 'main',
    });
    expect(theirs.code).toBe(404);
    const missing = await post(boss.token, '/api/device/livePlayUrl', {
      deviceId: ipcDeviceId,
      channel: 9,
      stream: 'main',
    });
    expect(missing.code).toBe(4000);
  });

  it('answers 4101 for an offline device', async () => {
    const res = await post(boss.token, '/api/device/livePlayUrl', {
      deviceId: nvrDeviceId,
      channel: 1,
      stream: 'main',
    });
    expect(res.code).toBe(4101);
    expect(res.msg).toBe('The device is offline.');
  });

  it('ends the session with a BYE when nobody has watched for the idle time', async () => {
    await until('session reaped', () => t.app.live.size === 0, 6000);
  });
});

describe('stream transports and codecs', () => {
  it('plays over UDP and over TCP with the device listening, and H.265 with an hvc1 codec string', async () => {
    const cams = [
      sim({ type: 'ipc', password: IPC_PASSWORD, firstId: MODE_IDS[0]!, count: 2, transport: 'udp' }),
      sim({ type: 'ipc', password: IPC_PASSWORD, firstId: MODE_IDS[2]!, transport: 'tcp', codec: 'h265' }),
    ];
    await Promise.all(cams.map((c) => c.start()));
    for (const d of modeDevices) {
      await until(`${d.mode} camera online`, async () => (await statusOf(d.id)) === 'online');
      const res = await post(boss.token, '/api/device/livePlayUrl', { deviceId: d.id, channel: 1, stream: 'main' });
      expect(res.code, `${d.mode}: ${JSON.stringify(res)}`).toBe(1);
      const a = res.data as { wsUrl: string; codec: string; mime: string };
      const frames = await rig.collect(a.wsUrl, 10, owner);
      expect(frames.binary.length, d.mode).toBeGreaterThanOrEqual(11);
      if (d.id === modeDevices[2]!.id) {
        expect(a.codec).toBe('h265');
        expect(a.mime).toMatch(/codecs="hvc1\./);
      } else {
        expect(a.codec).toBe('h264');
      }
    }
  });

  it('takes a TCP-registered device offline the moment its connection drops', async () => {
    const reg = t.app.gateway.registration(MODE_IDS[2]!)!;
    expect(reg.peer.transport).toBe('TCP');
    const reasons: string[] = [];
    const off = t.app.gateway.onOffline((r, reason) => {
      if (r.gbCode === MODE_IDS[2]) reasons.push(reason);
    });
    if (reg.peer.transport === 'TCP') reg.peer.socket.destroy();
    await until('offline at once', () => (reasons.length > 0 ? true : undefined), 1000);
    off();
    expect(reasons).toEqual(['connection']);
    // The simulator reconnects and registers again by itself, on a new connection.
    await until('back online', () => {
      const again = t.app.gateway.registration(MODE_IDS[2]!);
      return again && again !== reg ? true : undefined;
    });
  });
});

describe('keepalive', () => {
  it('declares a device offline after three missed keepalives, and refuses its messages until it registers again', async () => {
    expect(await statusOf(ipcDeviceId)).toBe('online');
    t.clock.advance(3 * 60_000 + 2000);
    t.app.gateway.registry.sweep();
    await until('IPC offline', async () => (await statusOf(ipcDeviceId)) === 'offline', 5000);
    const res = await post(boss.token, '/api/device/livePlayUrl', {
      deviceId: ipcDeviceId,
      channel: 1,
      stream: 'main',
    });
    expect(res.code).toBe(4101);
  });
});
