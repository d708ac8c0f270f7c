// Alarms from a simulated device to the operator: a Notify/Alarm becomes a row before
// the device hears 200, a retransmission is stored once, the poll answers it, a notice rule mails it
// through a real local SMTP server (one a minute per device and type, then a digest), a disarmed
// device's alarms are kept but not told, and a device going offline is an alarm.
import { alarmNotify } from '@svc/gb28181';
import { createSimulator, raiseAlarm, type Simulator } from '@svc/device-sim';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../src/notify/notifier.js';
import { until } from '../wait.js';
import { ADMIN, type Body, type TestApp } from '../helper.js';
import { apiEnterprise, type Enterprise } from '../factories.js';
import { gatewayApp } from '../gateway-app.js';
import { makePng } from '../images.js';
import { startSmtpServer } from '../smtp.js';

const CAM = '34020000001320000301';
const PASSWORD = 'alarm-cam-pass';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let boss: Enterprise;
let deviceId: number;
let sim: Simulator;

const post = async (url: string, payload?: unknown) =>
  (
    await t.call({
      method: 'POST',
      url,
      headers: { xaccesstoken: boss.token, language: 'en-US', timezone: 'UTC' },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    })
  ).body as Body;
/** The upload URL the platform would hand the device for this alarm, as a path. */
const uploadPath = async (alarmId: number) => {
  const { enterprise_id } = await t.db
    .selectFrom('alarm')
    .select('enterprise_id')
    .where('id', '=', alarmId)
    .executeTakeFirstOrThrow();
  return t.app.alarms.pictures.uploadUrl(alarmId, enterprise_id).replace(/^http:\/\/[^/]+/, '');
};
/** Posts as a device does: over HTTP to the listening app (uploads are served ahead of Fastify). */
const upload = async (url: string, payload: Buffer, type = 'image/jpeg') => {
  const r = await fetch(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${url}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: payload,
  });
  return { statusCode: r.status, body: await r.text() };
};
const alarmRows = () =>
  t.db
    .selectFrom('alarm')
    .select(['id', 'type', 'source', 'device_sn'])
    .where('device_id', '=', deviceId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  smtp = await startSmtpServer();
  let sipPort: number;
  let projectId: number;
  ({ t, sipPort, boss, projectId } = await gatewayApp({
    enterprise: 'Alarmed Sites',
    project: 'Harbour',
    env: { SIP_PASSWORD: 'platform-pass' },
    overrides: {
      gateway: { syncJitterMs: 0 },
      emailTransport: smtpTransport(smtp.url, 'Console <alarms@example.com>'),
    },
  }));
  // Devices upload alarm pictures over HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.db.updateTable('user').set({ email: 'guard@example.com' }).where('login_name', '=', boss.loginName).execute();
  const me = await t.db
    .selectFrom('user')
    .select('id')
    .where('login_name', '=', boss.loginName)
    .executeTakeFirstOrThrow();
  deviceId = (
    (
      await post('/api/device/add', {
        sn: 'ALARMCAM00301',
        devName: 'Quay camera',
        devType: 'IPC',
        projectId,
        password: PASSWORD,
        gbCode: CAM,
      })
    ).data as { id: number }
  ).id;
  expect(
    (
      await post('/api/alarm/notice/add', {
        name: 'Harbour watch',
        projectIds: [projectId],
        types: ['A', 'B'],
        channels: ['email', 'offline'],
        userIds: [me.id],
      })
    ).code,
  ).toBe(1);
  sim = createSimulator({
    server: { host: '127.0.0.1', port: sipPort },
    count: 1,
    type: 'ipc',
    firstId: CAM,
    password: PASSWORD,
    bindHost: '127.0.0.1',
    retrySeconds: 1,
  });
  await sim.start();
  await until('camera online', () => (t.app.gateway.registration(CAM) ? true : undefined));
}, 60_000);

afterAll(async () => {
  await sim?.stop().catch(() => undefined);
  await t?.close();
  await smtp?.close();
});

describe('device alarms', () => {
  it('stores the alarm before answering the device, and stores a retransmission once', async () => {
    const device = sim.devices[0]!;
    const xml = alarmNotify({
      sn: 777,
      deviceId: CAM,
      priority: 1,
      method: 5,
      type: 2,
      time: '2026-11-22T10:00:00',
      description: 'VideoMotion',
    });
    const first = await device.sendMessage(xml, 'GB2312');
    expect(first?.status).toBe(200);
    // No waiting: by the time the device heard 200 the row exists.
    expect((await alarmRows()).map((r) => [r.type, r.source, r.device_sn])).toEqual([['A', 'device', 777]]);
    expect((await device.sendMessage(xml, 'GB2312'))?.status).toBe(200);
    expect(await alarmRows()).toHaveLength(1);
    expect(t.app.alarms.ingest.stats).toMatchObject({ stored: 1, duplicates: 1 });
  });

  it('fetches the alarm picture from the device by a signed single-use URL, served only by the alarm route', async () => {
    const [row] = await alarmRows();
    const stored = await until('picture uploaded', async () => {
      const r = await t.db
        .selectFrom('alarm')
        .select('picture_file_id')
        .where('id', '=', row!.id)
        .executeTakeFirstOrThrow();
      return r.picture_file_id ?? undefined;
    });
    const listed = ((await post('/api/alarm/queryListAll', {})).data as { id: number; picture: string | null }[]).find(
      (a) => a.id === row!.id,
    );
    expect(listed?.picture).toBe(`/api/alarm/picture/${row!.id}`);
    const pic = await t.app.inject({ method: 'GET', url: listed!.picture!, headers: { xaccesstoken: boss.token } });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/jpeg');
    expect(pic.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Not through the general file route, and not to another enterprise.
    expect(
      (await t.call({ method: 'GET', url: `/api/file/${stored}`, headers: { xaccesstoken: boss.token } })).body.code,
    ).toBe(404);
    const admin = await t.login(ADMIN.loginName, ADMIN.password);
    const other = await apiEnterprise(t, admin, 'Nosy Sites');
    expect(
      (await t.call({ method: 'GET', url: listed!.picture!, headers: { xaccesstoken: other.token } })).body.code,
    ).toBe(404);

    const url = await uploadPath(row!.id);
    expect((await upload(url, pic.rawPayload)).statusCode).toBe(409);
    expect((await upload(url.replace(/sig=[^&]+/, 'sig=bad'), pic.rawPayload)).statusCode).toBe(403);
    // The enterprise is part of what is signed: the same URL naming another enterprise is forged.
    expect((await upload(url.replace(/e=\d+/, 'e=999999'), pic.rawPayload)).statusCode).toBe(403);
  });

  it('links pictures uploaded together to their own alarms, once each, from one shared segment write', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        ((await post('/api/alarm/add', { deviceId, type: 'A', content: `batch ${i}` })).data as { id: number }).id,
      );
    const pngs = ids.map((_, i) => makePng(16 + i, 16));
    const urls = await Promise.all(ids.map(uploadPath));
    const enterpriseId = (
      await t.db.selectFrom('alarm').select('enterprise_id').where('id', '=', ids[0]!).executeTakeFirstOrThrow()
    ).enterprise_id;
    const dir = join(t.dataDir, 'files', String(enterpriseId), 'segments');
    const segmentBytes = () =>
      existsSync(dir) ? readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0) : 0;
    const before = segmentBytes();
    // Four pictures and a second upload for the first alarm, all in the same turn: one statement.
    const statuses = await Promise.all([
      ...urls.map((u, i) => upload(u, pngs[i]!, 'image/png')),
      upload(urls[0]!, makePng(40, 40), 'image/png'),
    ]).then((rs) => rs.map((r) => r.statusCode));
    expect(statuses.slice(1, 4)).toEqual([200, 200, 200]);
    expect([statuses[0], statuses[4]].sort()).toEqual([200, 409]);
    const rows = await t.db
      .selectFrom('alarm')
      .innerJoin('file', 'file.id', 'alarm.picture_file_id')
      .select([
        'alarm.id',
        'alarm.picture_file_id',
        'file.width',
        'file.kind',
        'file.enterprise_id',
        'alarm.enterprise_id as alarm_enterprise',
      ])
      .where('alarm.id', 'in', ids)
      .orderBy('alarm.id')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(Array(4).fill('alarm-picture'));
    expect(rows.every((r) => r.enterprise_id === r.alarm_enterprise)).toBe(true);
    // Each alarm holds its own picture; the first holds whichever of its two uploads won.
    expect(rows.slice(1).map((r) => r.width)).toEqual([17, 18, 19]);
    expect([16, 40]).toContain(rows[0]!.width);
    // The pictures of that turn went into one segment of the enterprise, one after another; each
    // alarm's picture route answers exactly the bytes its own upload sent.
    const placed = await t.db
      .selectFrom('file')
      .select(['id', 'segment', 'segment_offset', 'size'])
      .where(
        'id',
        'in',
        rows.map((r) => r.picture_file_id),
      )
      .orderBy('segment_offset')
      .execute();
    expect(new Set(placed.map((p) => p.segment)).size).toBe(1);
    expect(readdirSync(dir)).toContain(`${placed[0]!.segment}.seg`);
    const segment = readFileSync(join(dir, `${placed[0]!.segment}.seg`));
    // All five uploads were written (the refused one's bytes stay unnamed); the four named never overlap.
    expect(segmentBytes() - before).toBe([...pngs, makePng(40, 40)].reduce((n, b) => n + b.length, 0));
    expect(segment.length).toBeGreaterThanOrEqual(Number(placed.at(-1)!.segment_offset) + placed.at(-1)!.size);
    for (let i = 1; i < placed.length; i++)
      expect(Number(placed[i]!.segment_offset)).toBeGreaterThanOrEqual(
        Number(placed[i - 1]!.segment_offset) + placed[i - 1]!.size,
      );
    for (const [i, r] of rows.entries()) {
      const pic = await t.app.inject({
        method: 'GET',
        url: `/api/alarm/picture/${r.id}`,
        headers: { xaccesstoken: boss.token },
      });
      expect(pic.statusCode).toBe(200);
      if (i > 0) expect(pic.rawPayload.equals(pngs[i]!)).toBe(true);
      else expect([pngs[0]!, makePng(40, 40)].some((b) => b.equals(pic.rawPayload))).toBe(true);
    }
    await post('/api/alarm/deleteByIds', ids);
  });

  it('refuses an upload that is not a JPEG or PNG, or larger than 2 MB, and keeps the URL usable', async () => {
    const { id } = (await post('/api/alarm/add', { deviceId, type: 'A', content: 'manual' })).data as { id: number };
    const url = await uploadPath(id);
    // Labelled a JPEG, but its bytes are not: checked by content.
    expect((await upload(url, Buffer.from('GIF89a not really'))).statusCode).toBe(415);
    // Labelled something else: refused before the body is read.
    expect((await upload(url, makePng(8, 8), 'text/plain')).statusCode).toBe(415);
    // Past the 2 MB limit, whether the device says so up front or streams it without a length.
    expect((await upload(url, Buffer.alloc(2_200_000, 1), 'image/png')).statusCode).toBe(413);
    const streamed = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < 5; i++) c.enqueue(new Uint8Array(500_000));
        c.close();
      },
    });
    const port = (t.app.server.address() as AddressInfo).port;
    const chunked = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'image/png' },
      body: streamed,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await fetch(`http://127.0.0.1:${port}${url}`)).status).toBe(405);
    const row = await t.db.selectFrom('alarm').select('picture_file_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.picture_file_id).toBeNull();
    expect((await upload(url, makePng(32, 32), 'image/png')).statusCode).toBe(200);
    await post('/api/alarm/deleteByIds', [id]);
  });

  it('answers a malformed alarm with 400 and stores nothing', async () => {
    const bad =
      '<?xml version="1.0"?><Notify><CmdType>Alarm</CmdType><SN>9</SN><DeviceID>' + CAM + '</DeviceID></Notify>';
    expect((await sim.devices[0]!.sendMessage(bad, 'UTF-8'))?.status).toBe(400);
    expect(await alarmRows()).toHaveLength(1);
  });

  it('mails the rule’s user once a minute per device and type, then a digest of what was held back', async () => {
    await until('first mail', () => (smtp.mails.length >= 1 ? true : undefined));
    expect(smtp.mails[0]!.to).toEqual(['guard@example.com']);
    // A user who never opened the console reads the default language: SPEC's name, not the device's event name.
    expect(smtp.mails[0]!.raw).toContain('Motion detection: Quay camera');
    expect(smtp.mails[0]!.raw).not.toContain('VideoMotion');
    const outbox = await t.db
      .selectFrom('outbox')
      .select(['channel', 'recipient', 'state', 'cost'])
      .where('recipient', '=', 'guard@example.com')
      .execute();
    expect(outbox).toEqual([
      { channel: 'email', recipient: 'guard@example.com', state: 'sent', cost: expect.anything() },
    ]);
    expect(Number(outbox[0]!.cost)).toBe(0);

    // Two more motion alarms within the minute: stored and polled, not mailed.
    expect(await raiseAlarm(sim.devices[0]!, { kind: 0 })).toBe(200);
    expect(await raiseAlarm(sim.devices[0]!, { kind: 0 })).toBe(200);
    await t.app.alarms.dispatch.idle();
    expect(smtp.mails).toHaveLength(1);
    expect(t.app.alarms.dispatch.stats.held).toBe(2);
    const latest = (await post('/api/alarm/queryListAll', { type: 'A' })).data as unknown[];
    expect(latest).toHaveLength(3);

    t.clock.advance(61_000);
    await t.app.alarms.dispatch.flushDigests();
    await until('digest mail', () => (smtp.mails.length >= 2 ? true : undefined));
    expect(smtp.mails[1]!.raw.replace(/=\r?\n/g, '')).toContain('1 more alarm(s) of this kind');
  });

  it('keeps a disarmed device’s alarms but tells nobody, after GuardCmd reached the device', async () => {
    const res = await post('/api/alarm/guard', { deviceIds: [deviceId], guard: false });
    expect(res).toMatchObject({ code: 1, data: { devices: 1, sent: 1, failed: 0 } });
    expect(sim.devices[0]!.armed.get(CAM)).toBe(false);
    t.clock.advance(61_000);
    const before = smtp.mails.length;
    expect(await raiseAlarm(sim.devices[0]!, { kind: 1 })).toBe(200);
    await t.app.alarms.dispatch.idle();
    expect((await alarmRows()).at(-1)).toMatchObject({ type: 'B', source: 'device' });
    expect(t.app.alarms.dispatch.stats.disarmed).toBe(1);
    expect(smtp.mails.length).toBe(before);
    expect((await post('/api/alarm/guard', { deviceIds: [deviceId], guard: true })).code).toBe(1);
    expect(sim.devices[0]!.armed.get(CAM)).toBe(true);
  });

  it('raises an offline alarm when the device misses its keepalives, and sends the offline notice in the language the user last used', async () => {
    // The console asks for the session when it opens: the user's language and zone are remembered.
    const opened = await t.call({
      method: 'GET',
      url: '/api/session/get',
      headers: { xaccesstoken: boss.token, language: 'zh-CN', timezone: 'Asia/Shanghai' },
    });
    expect(opened.body.code).toBe(1);
    const before = smtp.mails.length;
    t.clock.advance(3 * 60_000 + 2000);
    t.app.gateway.registry.sweep();
    const offline = await until('offline alarm', async () => (await alarmRows()).find((r) => r.source === 'offline'));
    expect(offline.type).toBe('B');
    await until('offline mail', () => (smtp.mails.length > before ? true : undefined));
    const told = await t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', 'guard@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.subject).toBe('设备离线（心跳超时）：Quay camera');
    expect(told.body).toMatch(/时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}（Asia\/Shanghai）/);
    expect(told.body).not.toContain('offline (');
    const counts = (await post('/api/alarm/countAll', {})).data as { total: number; unread: number };
    expect(counts.total).toBe((await alarmRows()).length);
    expect(counts.unread).toBe(counts.total);
  });
});
