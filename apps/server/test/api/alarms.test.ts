// Alarms through the API: filters in the caller's time zone, keyset paging, read state
// and handling, manual alarms, the one-minute poll, notice rules, tenancy and project-level keys.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createAlarmIngest } from '../../src/modules/alarm/ingest.js';
import { ALARM_FILLFACTOR } from '../../src/modules/alarm/partitions.js';
import { createAlarmPictures, UPLOAD_LIMIT } from '../../src/modules/alarm/pictures.js';
import type { Gb28181Gateway } from '../../src/gateway/gb28181/gateway.js';
import { UrlSigner } from '../../src/media/signing.js';
import type { FileService } from '../../src/modules/file/service.js';
import { makePng } from '../images.js';
import { alarmRepo } from '../../src/modules/alarm/repo.js';
import type { Alarm, AlarmPage } from '@svc/contracts';
import { ADMIN, createTestApp, type TestApp, data } from '../helper.js';
import { apiEnterprise, apiLogo, uniqueLogin } from '../factories.js';

let t: TestApp;
let boss: Awaited<ReturnType<typeof apiEnterprise>>;
let rival: Awaited<ReturnType<typeof apiEnterprise>>;
let north: number;
let south: number;
let northCam: number;
let southCam: number;

const as = (token: string, timezone = 'Asia/Shanghai') => t.as(token, { timezone });

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  boss = await apiEnterprise(t, admin, 'Alarm Sites');
  rival = await apiEnterprise(t, admin, 'Rival Alarm Sites');
  const logo = { url: await apiLogo(t, boss.token) };
  north = data<{ id: number }>(
    await as(boss.token).post('/api/project/add', { proName: 'North', proLogo: logo.url }),
  ).id;
  south = data<{ id: number }>(
    await as(boss.token).post('/api/project/add', { proName: 'South', proLogo: logo.url }),
  ).id;
  const cam = async (projectId: number, sn: string, devName: string) =>
    data<{ id: number }>(
      await as(boss.token).post('/api/device/add', { sn, devName, devType: 'IPC', projectId, password: 'p' }),
    ).id;
  northCam = await cam(north, 'ALARMNORTH001', 'North gate');
  southCam = await cam(south, 'ALARMSOUTH001', 'South gate');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('alarm records', () => {
  it('adds manual alarms and answers them in the caller’s time zone, newest first, filtered', async () => {
    const add = (deviceId: number, type: string, alarmTime: string, channel?: number) =>
      as(boss.token).post('/api/alarm/add', {
        deviceId,
        type,
        alarmTime,
        content: `${type} at ${alarmTime}`,
        ...(channel ? { channel } : {}),
      });
    expect((await add(northCam, 'A', '2026-11-20 08:00:00', 1)).code).toBe(1);
    expect((await add(northCam, 'B', '2026-11-20 09:30:00')).code).toBe(1);
    expect((await add(southCam, 'A', '2026-11-21 10:00:00')).code).toBe(1);

    const all = data<AlarmPage>(await as(boss.token).post('/api/alarm/page/query', { page: 1, size: 10 }));
    expect(all.total).toBe(3);
    expect(all.list.map((a) => a.type)).toEqual(['A', 'B', 'A']);
    expect(all.list[2]).toMatchObject({
      alarmTime: '2026-11-20 08:00:00',
      channel: 1,
      status: 0,
      handling: 'untreated',
      source: 'manual',
      projectName: 'North',
      deviceName: 'North gate',
    });

    // The same instant read from UTC: 8 hours earlier on the wall clock.
    const utc = data<AlarmPage>(
      await as(boss.token, 'UTC').post('/api/alarm/page/query', { page: 1, size: 10, type: 'B' }),
    );
    expect(utc.list.map((a) => a.alarmTime)).toEqual(['2026-11-20 01:30:00']);

    const northOnly = data<AlarmPage>(
      await as(boss.token).post('/api/alarm/page/query', { page: 1, size: 10, projectId: north }),
    );
    expect(northOnly.list.map((a) => a.deviceName)).toEqual(['North gate', 'North gate']);
    const window = data<AlarmPage>(
      await as(boss.token).post('/api/alarm/page/query', {
        page: 1,
        size: 10,
        alarmTimeBegin: '2026-11-20 09:00:00',
        alarmTimeEnd: '2026-11-21 09:59:59',
      }),
    );
    expect(window.list.map((a) => a.type)).toEqual(['B']);
  });

  it('refuses an end before the start and a malformed time with a parameter error', async () => {
    const backwards = await as(boss.token).post('/api/alarm/page/query', {
      alarmTimeBegin: '2026-11-21 10:00:00',
      alarmTimeEnd: '2026-11-20 10:00:00',
    });
    expect(backwards.code).toBe(4000);
    expect(backwards.msg).toContain('The end time cannot be before the start time.');
    const malformed = await as(boss.token).post('/api/alarm/queryListAll', { alarmTimeBegin: '2026/11/21 10:00' });
    expect(malformed.code).toBe(4000);
    expect(malformed.msg).toContain('YYYY-MM-DD HH:mm:ss');
    const unknownType = await as(boss.token).post('/api/alarm/add', { deviceId: northCam, type: 'Z', content: 'x' });
    expect(unknownType.code).toBe(4000);
  });

  it('pages with a cursor and without one to the same rows', async () => {
    for (let i = 0; i < 7; i++) {
      await as(boss.token).post('/api/alarm/add', {
        deviceId: southCam,
        type: 'G',
        alarmTime: `2026-11-22 0${i}:00:00`,
        content: `low ${i}`,
      });
    }
    const first = data<AlarmPage>(await as(boss.token).post('/api/alarm/page/query', { page: 1, size: 4, type: 'G' }));
    const second = data<AlarmPage>(
      await as(boss.token).post('/api/alarm/page/query', { page: 2, size: 4, type: 'G', cursor: first.nextCursor }),
    );
    const jumped = data<AlarmPage>(await as(boss.token).post('/api/alarm/page/query', { page: 2, size: 4, type: 'G' }));
    expect(second.list.map((a) => a.id)).toEqual(jumped.list.map((a) => a.id));
    expect(second.list).toHaveLength(3);
    expect(new Set([...first.list, ...second.list].map((a) => a.id)).size).toBe(7);
    expect(second.nextCursor).toBeNull();
  });

  it('holds a list still at the alarm it stood at, and counts the alarms that arrived since', async () => {
    const ask = (body: object) => as(boss.token).post('/api/alarm/page/query', { size: 4, type: 'G', ...body });
    const before = data<AlarmPage>(await ask({ page: 1 }));
    const held = before.list[0]!.id;
    const secondBefore = data<AlarmPage>(await ask({ page: 2 }));
    const arrived: number[] = [];
    for (let i = 0; i < 2; i++) {
      const added = await as(boss.token).post('/api/alarm/add', { deviceId: southCam, type: 'G', content: `new ${i}` });
      arrived.push(data<{ id: number }>(added).id);
    }
    // Live, the new alarms push every row down; held, each page keeps its rows, by cursor or by number.
    expect(
      data<AlarmPage>(await ask({ page: 1 }))
        .list.slice(0, 2)
        .map((a) => a.id),
    ).toEqual(arrived.reverse());
    const first = data<AlarmPage>(await ask({ page: 1, untilId: held }));
    expect(first.list.map((a) => a.id)).toEqual(before.list.map((a) => a.id));
    expect(first.total).toBe(before.total);
    const byNumber = data<AlarmPage>(await ask({ page: 2, untilId: held }));
    const byCursor = data<AlarmPage>(await ask({ page: 2, untilId: held, cursor: first.nextCursor }));
    expect(byNumber.list.map((a) => a.id)).toEqual(secondBefore.list.map((a) => a.id));
    expect(byCursor.list.map((a) => a.id)).toEqual(secondBefore.list.map((a) => a.id));
    // What waits above it, with the same filters; none wait above the newest.
    const waiting = async (body: object) =>
      data<{ total: number }>(await as(boss.token).post('/api/alarm/countAll', { type: 'G', ...body })).total;
    expect(await waiting({ sinceId: held })).toBe(2);
    expect(await waiting({ sinceId: held, projectId: north })).toBe(0);
    expect(await waiting({ sinceId: Math.max(...arrived) })).toBe(0);
    expect((await ask({ page: 1, untilId: -1 })).code).toBe(4000);
    await as(boss.token).post('/api/alarm/deleteByIds', arrived);
  });

  it('remembers the language and zone the console opens in for alarm notices, never from a request naming neither', async () => {
    const locale = () =>
      t.db
        .selectFrom('user')
        .select(['language', 'time_zone'])
        .where('login_name', '=', boss.loginName)
        .executeTakeFirstOrThrow();
    const open = (headers: Record<string, string>) =>
      t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: boss.token, ...headers } });
    expect((await open({ language: 'zh-TW', timezone: 'Asia/Taipei' })).body.code).toBe(1);
    expect(await locale()).toEqual({ language: 'zh-TW', time_zone: 'Asia/Taipei' });
    // A link from another site carries the cookie but none of the console's headers: nothing changes.
    expect((await open({})).body.code).toBe(1);
    expect(await locale()).toEqual({ language: 'zh-TW', time_zone: 'Asia/Taipei' });
    expect((await open({ language: 'en-US', timezone: 'Europe/Berlin' })).body.code).toBe(1);
    expect(await locale()).toEqual({ language: 'en-US', time_zone: 'Europe/Berlin' });
  });

  it('marks read and unread in batch, and the unread count follows', async () => {
    const unread = async () =>
      data<{ unread: number; total: number }>(await as(boss.token).post('/api/alarm/countAll', {})).unread;
    const before = await unread();
    const ids = data<AlarmPage>(await as(boss.token).post('/api/alarm/page/query', { page: 1, size: 3 })).list.map(
      (a) => a.id,
    );
    expect((await as(boss.token).post('/api/alarm/updateStatusByIds', { ids, status: 1 })).code).toBe(1);
    expect(await unread()).toBe(before - 3);
    expect((await as(boss.token).post('/api/alarm/updateStatusByIds', { ids: [ids[0]], status: 0 })).code).toBe(1);
    expect(await unread()).toBe(before - 2);
    expect((await as(boss.token).post('/api/alarm/updateStatusByIds', { ids: [], status: 1 })).code).toBe(4000);
    const counts = data<{ byType: Record<string, number>; byHandling: Record<string, number>; total: number }>(
      await as(boss.token).post('/api/alarm/countAll', { projectId: south }),
    );
    expect(counts.byType).toMatchObject({ A: 1, G: 7, B: 0 });
    expect(counts.byHandling.untreated).toBe(counts.total);
  });

  it('records handling with a note, which also reads the alarm', async () => {
    const [a] = data<AlarmPage>(
      await as(boss.token).post('/api/alarm/page/query', { page: 1, size: 1, status: 0 }),
    ).list;
    expect(
      (
        await as(boss.token).post('/api/alarm/update', {
          id: a!.id,
          handling: 'treated',
          note: 'Guard checked the gate',
        })
      ).code,
    ).toBe(1);
    const after = data<Alarm[]>(await as(boss.token).post('/api/alarm/queryListAll', { handling: 'treated' }));
    expect(after.find((x) => x.id === a!.id)).toMatchObject({
      handling: 'treated',
      note: 'Guard checked the gate',
      status: 1,
    });
  });

  it('answers the last minute for polling, with the voice variant, and refuses a longer window', async () => {
    const now = t.clock.now();
    const stamp = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    await as(boss.token).post('/api/alarm/add', { deviceId: northCam, type: 'C', content: 'person at the gate' });
    const window = {
      projectId: north,
      alarmTimeBegin: stamp(new Date(now.getTime() - 60_000)),
      alarmTimeEnd: stamp(now),
    };
    const latest = data<Alarm[]>(await as(boss.token).post('/api/alarm/queryLatestListAll', window));
    expect(latest.map((a) => a.type)).toEqual(['C']);
    const voice = data<{ alarmViewVOS: Alarm[]; voiceNoticeStatus: boolean; voiceUrl: string | null }>(
      await as(boss.token).post('/api/alarm/queryLatestListAll/voice', window),
    );
    expect(voice.alarmViewVOS.map((a) => a.id)).toEqual(latest.map((a) => a.id));
    expect(voice.voiceNoticeStatus).toBe(true);
    const southWindow = data<Alarm[]>(
      await as(boss.token).post('/api/alarm/queryLatestListAll', { ...window, projectId: south }),
    );
    expect(southWindow).toEqual([]);
    const tooLong = await as(boss.token).post('/api/alarm/queryLatestListAll', {
      ...window,
      alarmTimeBegin: stamp(new Date(now.getTime() - 120_000)),
    });
    expect(tooLong.code).toBe(4000);
  });

  it('stores a device’s retransmitted alarm once (same device, SN and time)', async () => {
    const row = {
      enterprise_id: boss.id,
      project_id: north,
      device_id: northCam,
      channel_id: null,
      type: 'A' as const,
      alarm_time: new Date('2026-11-22T01:02:03Z'),
      source: 'device' as const,
      device_sn: 4242,
      content: 'motion',
      priority: 1,
      method: 5,
      picture_file_id: null,
      longitude: null,
      latitude: null,
      note: null,
    };
    const first = await alarmRepo.insert(t.db, row);
    const again = await alarmRepo.insert(t.db, row);
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    const n = await t.db
      .selectFrom('alarm')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('device_sn', '=', 4242)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('sheds a burst past its queue with 486 and counts what it shed, storing the rest', async () => {
    const stored: number[] = [];
    const ingest = createAlarmIngest({
      db: t.db,
      now: () => t.clock.now(),
      onStored: (a) => stored.push(a.id),
      queueLimit: 3,
    });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        ingest.deviceAlarm(
          { deviceId: southCam, gbCode: '34020000001320009999' },
          {
            sn: 9000 + i,
            alarmDeviceId: '34020000001320009999',
            priority: 2,
            method: 5,
            type: 2,
            time: '2026-11-22T03:00:00',
          },
        ),
      ),
    );
    expect(answers.filter((a) => a === 486)).toHaveLength(7);
    expect(answers.filter((a) => a === 200)).toHaveLength(3);
    expect(ingest.stats).toMatchObject({ shed: 7, stored: 3, pending: 0 });
    expect(stored).toHaveLength(3);
  });

  it('tells devices to retry (503, Retry-After) while UPLOAD_LIMIT pictures are in hand, and takes them again after', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let writes = 0;
    // A file service whose writes wait at the gate: the uploads in hand stay in hand.
    const files = {
      async storePicture() {
        writes++;
        await gate;
        throw new Error('disk gone');
      },
    } as unknown as FileService;
    const pictures = createAlarmPictures({
      db: t.db,
      files,
      gateway: {} as Gb28181Gateway,
      signer: new UrlSigner(),
      publicBase: () => '',
      now: () => t.clock.now().getTime(),
      log: Fastify().log,
    });
    // The device's side of it: a real HTTP server serving the uploads, as the app's does.
    const server = createServer((req, res) => {
      if (!pictures.serve(req, res)) res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const png = makePng(8, 8);
    const send = (id: number) =>
      fetch(`${base}${pictures.uploadUrl(id, 1)}`, {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body: png,
      }).then(async (r) => ({ statusCode: r.status, headers: { 'retry-after': r.headers.get('retry-after') } }));
    const held = Array.from({ length: UPLOAD_LIMIT }, (_, i) => send(i + 1));
    while (pictures.stats.pending < UPLOAD_LIMIT) await new Promise((r) => setTimeout(r, 5));
    const busy = await send(UPLOAD_LIMIT + 1);
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(pictures.stats).toMatchObject({ shed: 1, pending: UPLOAD_LIMIT });
    expect(writes).toBe(UPLOAD_LIMIT);
    release();
    // A failing disk answers 500 and loses nothing else; the limit frees up again.
    expect(new Set((await Promise.all(held)).map((r) => r.statusCode))).toEqual(new Set([500]));
    expect(pictures.stats.pending).toBe(0);
    expect((await send(UPLOAD_LIMIT + 2)).statusCode).toBe(500);
    expect(writes).toBe(UPLOAD_LIMIT + 1);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it('keeps enterprises apart and asks staff for device-edit to delete', async () => {
    const [a] = data<AlarmPage>(await as(boss.token).post('/api/alarm/page/query', { page: 1, size: 1 })).list;
    expect(data<AlarmPage>(await as(rival.token).post('/api/alarm/page/query', { page: 1, size: 10 })).total).toBe(0);
    expect((await as(rival.token).post('/api/alarm/updateStatusByIds', { ids: [a!.id], status: 1 })).code).toBe(404);
    expect((await as(rival.token).post('/api/alarm/deleteByIds', [a!.id])).code).toBe(404);
    expect((await as(rival.token).post('/api/alarm/add', { deviceId: northCam, type: 'A', content: 'x' })).code).toBe(
      4000,
    );

    const role = data<{ id: number }>(
      await as(boss.token).post('/api/role/add', { roleName: 'Alarm watchers', privilegeKeys: ['device', 'preview'] }),
    ).id;
    await as(boss.token).post('/api/roleProjectPrivilege/update', {
      roleId: role,
      projects: [{ projectId: north, privilegeKeys: ['device-show'] }],
    });
    const loginName = uniqueLogin('watch');
    await as(boss.token).post('/api/employee/add', {
      loginName,
      name: 'Watcher',
      password: await t.encrypt('Staff@pass1'),
      roleIds: [role],
    });
    const staff = await t.login(loginName, 'Staff@pass1', 'sub');
    const seen = data<AlarmPage>(await as(staff).post('/api/alarm/page/query', { page: 1, size: 50 }));
    expect(new Set(seen.list.map((x) => x.projectName))).toEqual(new Set(['North']));
    const mine = seen.list[0]!.id;
    expect((await as(staff).post('/api/alarm/updateStatusByIds', { ids: [mine], status: 1 })).code).toBe(1);
    expect((await as(staff).post('/api/alarm/deleteByIds', [mine])).code).toBe(4117);
    expect((await as(boss.token).post('/api/alarm/deleteByIds', [mine])).code).toBe(1);
    expect((await as(boss.token).post('/api/alarm/deleteByIds', [mine])).code).toBe(404);
  });
});

describe('storage', () => {
  it('keeps a tally that answers counts and deep jumps exactly as the rows do, through reads, handling and deletes', async () => {
    const admin = await t.login(ADMIN.loginName, ADMIN.password);
    const owner = await apiEnterprise(t, admin, 'Tallied Sites');
    const logo = await apiLogo(t, owner.token);
    const site = data<{ id: number }>(
      await as(owner.token).post('/api/project/add', { proName: 'Tally', proLogo: logo }),
    ).id;
    const cam = data<{ id: number }>(
      await as(owner.token).post('/api/device/add', {
        sn: 'TALLYCAM00001',
        devName: 'Tally cam',
        devType: 'IPC',
        projectId: site,
        password: 'p',
      }),
    ).id;
    const { enterprise_id: enterpriseId } = await t.db
      .selectFrom('project')
      .select('enterprise_id')
      .where('id', '=', site)
      .executeTakeFirstOrThrow();
    // Ids spread over several 4,096-id buckets (and out of order within them), as a busy platform has them.
    const types = ['A', 'B', 'C', 'H'] as const;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: 5_000_000 + ((i * 7919) % 60) * 1_500 + (i % 3),
      enterprise_id: enterpriseId,
      project_id: site,
      device_id: cam,
      type: types[i % 4]!,
      alarm_time: new Date(Date.UTC(2026, 10, 1 + (i % 20), i % 24)),
      read: i % 5 === 0,
      handling: (['untreated', 'treating', 'treated'] as const)[i % 3]!,
      source: 'device' as const,
    }));
    await sql`insert into alarm (id, enterprise_id, project_id, device_id, type, alarm_time, read, handling, source)
      overriding system value
      select * from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.enterprise_id)}::bigint[],
        ${rows.map((r) => r.project_id)}::bigint[], ${rows.map((r) => r.device_id)}::bigint[], ${rows.map((r) => r.type)}::char[],
        ${rows.map((r) => r.alarm_time.toISOString())}::timestamptz[], ${rows.map((r) => r.read)}::boolean[],
        ${rows.map((r) => r.handling)}::text[], ${rows.map((r) => r.source)}::text[])`.execute(t.db);

    const filters: Record<string, unknown>[] = [
      {},
      { type: 'B' },
      { handling: 'treating' },
      { status: 0 },
      { status: 1, type: 'A' },
    ];
    const agree = async () => {
      const truth = await t.db
        .selectFrom('alarm')
        .select(['id', 'type', 'handling', 'read'])
        .where('enterprise_id', '=', enterpriseId)
        .orderBy('id', 'desc')
        .execute();
      for (const f of filters) {
        const expected = truth.filter(
          (r) =>
            (f.type === undefined || r.type === f.type) &&
            (f.handling === undefined || r.handling === f.handling) &&
            (f.status === undefined || r.read === (f.status === 1)),
        );
        for (let page = 1; page <= Math.ceil(expected.length / 7) + 1; page++) {
          const got = data<AlarmPage>(await as(owner.token).post('/api/alarm/page/query', { page, size: 7, ...f }));
          expect({ f, page, ids: got.list.map((a) => a.id), total: got.total }).toEqual({
            f,
            page,
            ids: expected.slice((page - 1) * 7, page * 7).map((r) => r.id),
            total: expected.length,
          });
        }
        const counts = data<{
          total: number;
          unread: number;
          byType: Record<string, number>;
          byHandling: Record<string, number>;
        }>(await as(owner.token).post('/api/alarm/countAll', f));
        expect({ f, counts }).toEqual({
          f,
          counts: {
            total: expected.length,
            unread: expected.filter((r) => !r.read).length,
            byType: Object.fromEntries(
              ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((k) => [k, expected.filter((r) => r.type === k).length]),
            ),
            byHandling: Object.fromEntries(
              ['untreated', 'treating', 'treated'].map((k) => [k, expected.filter((r) => r.handling === k).length]),
            ),
          },
        });
      }
    };
    await agree();
    const some = rows.filter((_, i) => i % 4 === 1).map((r) => r.id);
    expect((await as(owner.token).post('/api/alarm/updateStatusByIds', { ids: some, status: 1 })).code).toBe(1);
    expect(
      (await as(owner.token).post('/api/alarm/update', { id: rows[2]!.id, handling: 'treated', note: 'checked' })).code,
    ).toBe(1);
    expect(
      (
        await as(owner.token).post(
          '/api/alarm/deleteByIds',
          rows.slice(10, 19).map((r) => r.id),
        )
      ).code,
    ).toBe(1);
    await agree();
  });

  it('keeps alarms in monthly partitions made ahead (this month and the next), each page with room for updates', async () => {
    const { rows } = await sql<{
      name: string;
      options: string[] | null;
    }>`select c.relname as name, c.reloptions as options from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      join pg_namespace n on n.oid = p.relnamespace
      where p.relname = 'alarm' and n.nspname = current_schema()`.execute(t.db);
    const now = t.clock.now();
    const month = (offset: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
      return `alarm_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['alarm_default', month(0), month(1)]));
    // Linking a picture right after the insert then stays on the row's page (a HOT update).
    for (const r of rows) expect(r.options).toContain(`fillfactor=${ALARM_FILLFACTOR}`);
  });
});

describe('notice rules', () => {
  it('adds, changes, lists and deletes rules naming projects, types, channels and users of the enterprise', async () => {
    const user = (
      await t.db.selectFrom('user').select('id').where('login_name', '=', boss.loginName).executeTakeFirstOrThrow()
    ).id;
    const rule = {
      name: 'Night shift',
      projectIds: [north],
      types: ['A', 'C'],
      channels: ['sms', 'email'],
      userIds: [user],
    };
    const { id } = data<{ id: number }>(await as(boss.token).post('/api/alarm/notice/add', rule));
    expect(
      (await as(boss.token).post('/api/alarm/notice/update', { ...rule, id, channels: ['voice'], enabled: false }))
        .code,
    ).toBe(1);
    expect(data<unknown[]>(await as(boss.token).post('/api/alarm/notice/list'))).toEqual([
      { ...rule, id, channels: ['voice'], enabled: false },
    ]);
    expect((await as(boss.token).post('/api/alarm/notice/add', { ...rule, channels: ['fax'] })).code).toBe(4000);
    expect((await as(boss.token).post('/api/alarm/notice/add', { ...rule, types: [] })).code).toBe(4000);
    const rivalUser = (
      await t.db.selectFrom('user').select('id').where('login_name', '=', rival.loginName).executeTakeFirstOrThrow()
    ).id;
    expect((await as(boss.token).post('/api/alarm/notice/add', { ...rule, userIds: [rivalUser] })).code).toBe(4000);
    expect((await as(rival.token).post('/api/alarm/notice/add', rule)).code).toBe(4000);
    expect((await as(rival.token).post('/api/alarm/notice/deleteByIds', [id])).code).toBe(404);
    expect((await as(boss.token).post('/api/alarm/notice/deleteByIds', [id])).code).toBe(1);
    expect(data<unknown[]>(await as(boss.token).post('/api/alarm/notice/list'))).toEqual([]);
  });

  it('replaces the common notice users', async () => {
    const user = (
      await t.db.selectFrom('user').select('id').where('login_name', '=', boss.loginName).executeTakeFirstOrThrow()
    ).id;
    expect(
      (await as(boss.token).post('/api/alarm/notice/common/save', [{ userId: user, channels: ['email', 'offline'] }]))
        .code,
    ).toBe(1);
    expect(data<unknown[]>(await as(boss.token).post('/api/alarm/notice/common/list'))).toEqual([
      { userId: user, channels: ['email', 'offline'] },
    ]);
    expect(data<unknown[]>(await as(rival.token).post('/api/alarm/notice/common/list'))).toEqual([]);
    expect((await as(boss.token).post('/api/alarm/notice/common/save', [])).code).toBe(1);
    expect(data<unknown[]>(await as(boss.token).post('/api/alarm/notice/common/list'))).toEqual([]);
  });
});
