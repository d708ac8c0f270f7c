// Device alarms across a server restart (an alarm is persisted before it is acknowledged
// to the device, and deduplicated by device, SN and alarm time). A hand-made UDP device sends the
// very same MESSAGE again, as a device does that never heard the 200, to a server that restarted, or
// that died with the alarm's INSERT in flight, over the same database and at the same SIP port.
import type { RemoteInfo } from 'node:dgram';
import {
  alarmNotify,
  buildResponse,
  encodeBody,
  getHeader,
  MANSCDP_CONTENT_TYPE,
  serializeSip,
  type AlarmNotice,
  type SipRequest,
  type SipResponse,
} from '@svc/gb28181';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { until } from '../wait.js';
import type { TestApp } from '../helper.js';
import { apiDevice, type Enterprise } from '../factories.js';
import { gatewayApp } from '../gateway-app.js';
import { HandmadeDevice } from '../handmade-device.js';

const CAM = '34020000001320000501';
const OTHER_CAM = '34020000001320000502';
const PASSWORD = 'restart-cam-pass';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** A request as bytes on the wire: sending these again is a retransmission (same Call-ID, CSeq, branch). */
type Sent = { raw: Buffer; callId: string };

/** A GB28181 device on its own UDP socket; it keeps every final answer, so a test sees what never came. */
class Device extends HandmadeDevice<SipResponse> {
  private readonly answers = new Map<string, SipResponse[]>();

  constructor(
    id: string,
    private readonly server: number,
  ) {
    super(id);
  }

  protected onAnswer(answer: SipResponse): void {
    const callId = getHeader(answer, 'call-id') ?? '';
    this.answers.set(callId, [...(this.answers.get(callId) ?? []), answer]);
  }

  // The platform's own requests (device sync, picture requests) are accepted and go no further.
  protected onRequest(request: SipRequest, rinfo: RemoteInfo): void {
    if (request.method !== 'ACK') {
      this.socket.send(serializeSip(buildResponse(request, 200)), rinfo.port, rinfo.address);
    }
  }

  protected ask(request: SipRequest): Promise<SipResponse> {
    return this.exchange(this.prepare(request));
  }

  /** A request as bytes, ready to send and send again. */
  prepare(request: SipRequest): Sent {
    return { raw: serializeSip(request), callId: getHeader(request, 'call-id') ?? '' };
  }

  alarm(a: { sn: number } & AlarmNotice): Sent {
    return this.prepare(
      this.request('MESSAGE', {
        body: encodeBody(alarmNotify({ deviceId: this.id, ...a }), 'GB2312'),
        contentType: MANSCDP_CONTENT_TYPE,
      }),
    );
  }

  answersTo(m: Sent): SipResponse[] {
    return this.answers.get(m.callId) ?? [];
  }

  transmit(m: Sent): void {
    this.socket.send(m.raw, this.server, '127.0.0.1');
  }

  /** Sends (or sends again) and answers the next final answer to it. */
  async exchange(m: Sent): Promise<SipResponse> {
    const before = this.answersTo(m).length;
    this.transmit(m);
    return until(`an answer to ${m.callId}`, () => this.answersTo(m)[before]);
  }
}

let t: TestApp;
let sipPort: number;
let camera: Device;
let other: Device;
const deviceIds = new Map<string, number>();

/** A device's stored alarms (those with the SN given), as the device described them. */
const rows = (gbCode: string, sn?: number) => {
  let q = t.db
    .selectFrom('alarm')
    .select(['type', 'alarm_time', 'device_sn', 'content', 'priority', 'method', 'source'])
    .where('device_id', '=', deviceIds.get(gbCode)!);
  if (sn !== undefined) q = q.where('device_sn', '=', sn);
  return q.orderBy('id').execute();
};

/** The server comes back where devices know it: the same SIP port, over the same database. */
async function restart(crash?: (db: Db) => Promise<void>): Promise<void> {
  await t.restart({ env: { SIP_PORT: String(sipPort) }, ...(crash ? { crash } : {}) });
  expect((await t.app.listenDevices('127.0.0.1')).sipPort).toBe(sipPort);
}

beforeAll(async () => {
  let boss: Enterprise;
  let projectId: number;
  ({ t, sipPort, boss, projectId } = await gatewayApp({
    enterprise: 'Restarted Sites',
    project: 'Depot',
    env: { SIP_PASSWORD: 'platform-pass' },
    overrides: { gateway: { syncJitterMs: 0 } },
    restartable: true,
  }));
  for (const [gbCode, sn] of [
    [CAM, 'RESTARTCAM501'],
    [OTHER_CAM, 'RESTARTCAM502'],
  ] as const) {
    const added = await apiDevice(t, boss.token, {
      sn,
      devName: `Depot camera ${sn}`,
      projectId,
      password: PASSWORD,
      gbCode,
    });
    deviceIds.set(gbCode, added.id);
  }
  camera = new Device(CAM, sipPort);
  other = new Device(OTHER_CAM, sipPort);
  for (const d of [camera, other]) {
    await d.open();
    expect((await d.register(PASSWORD)).status).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  camera?.close();
  other?.close();
  await t?.close();
});

describe('device alarms across a restart', () => {
  it('answers 200 to an alarm already stored before the restart, and keeps one row', async () => {
    const alarm = camera.alarm({
      sn: 11,
      priority: 1,
      method: 5,
      type: 2,
      time: '2026-03-01T08:00:00',
      description: 'VideoMotion',
    });
    expect((await camera.exchange(alarm)).status).toBe(200);
    // The row is there the moment the device hears 200: a restart right now loses nothing.
    expect(await rows(CAM, 11)).toHaveLength(1);

    await restart();
    // An unexpired UDP registration is restored at start: the device need not register again.
    expect(t.app.gateway.registration(CAM)?.peer).toEqual({
      transport: 'UDP',
      address: '127.0.0.1',
      port: camera.port,
    });
    // That 200 was lost on the way: the device sends the same MESSAGE to the new server.
    expect((await camera.exchange(alarm)).status).toBe(200);
    expect(await rows(CAM, 11)).toHaveLength(1);
    // The new server knew nothing of it in memory: the database told it the alarm was a duplicate.
    expect(t.app.alarms.ingest.stats).toMatchObject({ stored: 0, duplicates: 1 });
  }, 60_000);

  it('sends no 200 for an alarm it died before storing; the restarted server stores it once', async () => {
    const alarm = camera.alarm({
      sn: 21,
      priority: 2,
      method: 5,
      type: 5,
      time: '2026-03-02T09:30:00',
      description: 'HumanDetect',
    });
    // The alarm table is locked from another transaction, so the alarm cannot be committed: on
    // PostgreSQL the INSERT waits for the lock in the database; PGlite has one connection, and the
    // INSERT waits for it.
    let unlock!: () => void;
    const released = new Promise<void>((r) => (unlock = r));
    let taken!: () => void;
    const locked = new Promise<void>((r) => (taken = r));
    const lock = t.db.transaction().execute(async (trx) => {
      await sql`lock table alarm in exclusive mode`.execute(trx);
      taken();
      await released;
    });
    await Promise.race([locked, lock]);
    // Ends the lock's transaction. On PGlite the database has gone down under it by then, and its
    // commit fails: that is the crash, not a fault of the test.
    const release = async () => {
      unlock();
      await lock.catch(() => undefined);
    };
    try {
      const ingest = t.app.alarms.ingest;
      camera.transmit(alarm);
      await until('the alarm waiting for the database', () => (ingest.stats.pending === 1 ? true : undefined));
      const waiting = onPostgres
        ? await until('the INSERT waiting for the lock', async () => {
            const r = await sql<{
              pid: number;
            }>`select pid from pg_locks where relation = 'alarm'::regclass and not granted`.execute(t.db);
            return r.rows[0]?.pid;
          })
        : undefined;
      // Whatever the server sent before its answer to this OPTIONS arrives before it (one socket
      // pair, in order): had the alarm been answered ahead of its INSERT, that answer would be here.
      expect((await camera.exchange(camera.prepare(camera.request('OPTIONS')))).status).toBe(200);
      expect(camera.answersTo(alarm)).toEqual([]);

      await restart(async (db) => {
        // The server is gone with its INSERT uncommitted: PostgreSQL ends its session and rolls the
        // INSERT back; an embedded PGlite goes down with the process.
        if (waiting !== undefined) {
          const ended = await sql<{
            ended: boolean;
          }>`select pg_terminate_backend(${waiting}::int, 5000) as ended`.execute(db);
          expect(ended.rows[0]?.ended).toBe(true);
        } else {
          await db.destroy();
        }
        await release();
      });
    } finally {
      // A failure above must not leave the table locked for the tests after this one.
      await release();
    }
    // The crash did lose the INSERT, and the device heard nothing from the server that died.
    expect(await rows(CAM, 21)).toEqual([]);
    expect(camera.answersTo(alarm)).toEqual([]);
    expect(t.app.gateway.registration(CAM)).toBeDefined();

    // Still unanswered, the device retransmits to the server back at the same address.
    expect((await camera.exchange(alarm)).status).toBe(200);
    expect(await rows(CAM, 21)).toEqual([
      {
        type: 'C',
        alarm_time: new Date(2026, 2, 2, 9, 30, 0),
        device_sn: 21,
        content: 'HumanDetect',
        priority: 2,
        method: 5,
        source: 'device',
      },
    ]);
    expect((await camera.exchange(alarm)).status).toBe(200);
    expect(await rows(CAM, 21)).toHaveLength(1);
  }, 60_000);

  it('keeps alarms apart that differ in time, SN or device, before and after a restart', async () => {
    const base = { priority: 3, method: 2, type: 1, description: 'VideoLoss' };
    const first = camera.alarm({ sn: 31, time: '2026-03-03T12:00:00', ...base });
    const later = camera.alarm({ sn: 31, time: '2026-03-03T12:00:01', ...base });
    const renumbered = camera.alarm({ sn: 32, time: '2026-03-03T12:00:00', ...base });
    const elsewhere = other.alarm({ sn: 31, time: '2026-03-03T12:00:00', ...base });
    expect((await camera.exchange(first)).status).toBe(200);
    expect((await camera.exchange(later)).status).toBe(200);
    await restart();
    expect((await camera.exchange(renumbered)).status).toBe(200);
    expect((await other.exchange(elsewhere)).status).toBe(200);
    // And the same ones again: the new server takes them for what they are, retransmissions.
    expect((await camera.exchange(first)).status).toBe(200);
    expect((await camera.exchange(later)).status).toBe(200);

    const seen = async (gbCode: string) =>
      (await rows(gbCode)).filter((r) => r.device_sn! >= 31).map((r) => [r.device_sn, r.alarm_time.getTime()]);
    const noon = new Date(2026, 2, 3, 12, 0, 0).getTime();
    expect(await seen(CAM)).toEqual([
      [31, noon],
      [31, noon + 1000],
      [32, noon],
    ]);
    expect(await seen(OTHER_CAM)).toEqual([[31, noon]]);
    expect(t.app.alarms.ingest.stats).toMatchObject({ stored: 2, duplicates: 2 });
  }, 60_000);
});
