// Device alarms into Alarm rows: a GB28181 Notify/Alarm is stored before the device
// hears 200 OK, a retransmission is stored once, a burst beyond the queue is shed (486) and counted,
// and a device going offline is an alarm too. Notices go out afterwards, never on the ingest path.
import { offlineContent, type AlarmType, type OfflineReason } from '@svc/contracts';
import type { AlarmNotice } from '@svc/gb28181';
import { Batcher } from '../../db/batcher.js';
import type { Db } from '../../db/database.js';
import { channelRepo } from '../device/channel-repo.js';
import { deviceRepo } from '../device/repo.js';
import { alarmRepo } from './repo.js';

/** How many alarms may wait for the database at once before new ones are shed. */
export const INGEST_QUEUE_LIMIT = 2000;

export interface IngestStats {
  stored: number;
  duplicates: number;
  shed: number;
  failed: number;
  pending: number;
}

export interface StoredAlarm {
  id: number;
  /** The registering device's GB code, when a device raised it. */
  gbCode?: string;
  enterpriseId: number;
  deviceId: number;
  projectId: number;
  type: AlarmType;
  alarmTime: Date;
  content: string;
  source: 'device' | 'offline';
}

/**
 * GB/T 28181 alarm method and type onto SPEC's A–H. Method 5 is a video alarm (type 2 motion,
 * 11 video abnormal, 3–10 and 12 analytics), method 2 a device alarm (1 video loss, 3 storage full),
 * method 6 a device fault (1 disk). A description naming SPEC's event wins.
 */
export function alarmTypeOf(n: Pick<AlarmNotice, 'method' | 'type' | 'description'>): AlarmType {
  const d = n.description ?? '';
  const named: [RegExp, AlarmType][] = [
    [/VideoMotion/i, 'A'],
    [/VideoLoss/i, 'B'],
    [/HumanDetect/i, 'C'],
    [/\bFDR\b/, 'D'],
    [/FaceDetect/i, 'E'],
    [/StorageFailure/i, 'F'],
    [/StorageLowSpace/i, 'G'],
    [/StorageNotExist/i, 'H'],
  ];
  for (const [re, t] of named) if (re.test(d)) return t;
  if (n.method === 5) {
    if (n.type === 11) return 'B';
    if (n.type !== undefined && n.type >= 3 && n.type !== 11) return 'C';
    return 'A';
  }
  if (n.method === 2) return n.type === 1 ? 'B' : n.type === 3 ? 'G' : 'F';
  if (n.method === 6) return 'F';
  return 'A';
}

/** GB/T 28181 times are the device's local wall clock (synced to ours at REGISTER): read them as ours. */
export function gbTime(text: string, fallback: Date): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})/.exec(text.trim());
  if (!m) return fallback;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const t = new Date(y, mo - 1, d, h, mi, s);
  return Number.isNaN(t.getTime()) ? fallback : t;
}

/** Device facts are cached this long: a device moved to another project is filed under it within it. */
const DEVICE_CACHE_MS = 30_000;
/** A group commit takes at most this many alarms in one INSERT. */
const BATCH_MAX = 500;

type Row = Parameters<typeof alarmRepo.insert>[1];

export function createAlarmIngest(o: {
  db: Db;
  now: () => Date;
  onStored: (a: StoredAlarm) => void;
  /** Tests make the queue small to see it shed. */
  queueLimit?: number;
}) {
  const stats: IngestStats = { stored: 0, duplicates: 0, shed: 0, failed: 0, pending: 0 };
  const devices = new Map<
    number,
    { at: number; row: { id: number; enterprise_id: number; project_id: number } | undefined }
  >();
  const channels = new Map<string, { at: number; id: number | null }>();

  async function deviceRow(deviceId: number) {
    const now = Date.now();
    const hit = devices.get(deviceId);
    if (hit && now - hit.at < DEVICE_CACHE_MS) return hit.row;
    const row = await deviceRepo.known(o.db, deviceId);
    devices.set(deviceId, { at: now, row });
    return row;
  }

  async function channelId(deviceId: number, gbCode: string): Promise<number | null> {
    const key = `${deviceId}|${gbCode}`;
    const now = Date.now();
    const hit = channels.get(key);
    if (hit && now - hit.at < DEVICE_CACHE_MS) return hit.id;
    const id = (await channelRepo.byGbCode(o.db, deviceId, gbCode)) ?? null;
    channels.set(key, { at: now, id });
    return id;
  }

  // Group commit: alarms arriving together share one INSERT; each caller still waits for its own
  // row to be committed before its device hears 200. One batch at a time keeps ids in arrival order.
  const inserts = new Batcher<Row, number | null>((rows) => alarmRepo.insertMany(o.db, rows), BATCH_MAX, 1);

  async function store(row: Row, source: 'device' | 'offline', gbCode?: string): Promise<'stored' | 'duplicate'> {
    const id = source === 'device' ? await inserts.add(row) : await alarmRepo.insert(o.db, row);
    if (id === null) {
      stats.duplicates++;
      return 'duplicate';
    }
    stats.stored++;
    o.onStored({
      id,
      ...(gbCode ? { gbCode } : {}),
      enterpriseId: row.enterprise_id,
      deviceId: row.device_id,
      projectId: row.project_id,
      type: row.type,
      alarmTime: row.alarm_time as Date,
      content: row.content ?? '',
      source,
    });
    return 'stored';
  }

  return {
    stats,

    /** A device's Notify/Alarm; answers what to tell the device (200, or 486 when shed, 500 on failure). */
    async deviceAlarm(
      device: { deviceId: number; gbCode: string },
      n: { sn: number; alarmDeviceId: string } & AlarmNotice,
    ): Promise<200 | 486 | 500> {
      if (stats.pending >= (o.queueLimit ?? INGEST_QUEUE_LIMIT)) {
        stats.shed++;
        return 486;
      }
      stats.pending++;
      try {
        const d = await deviceRow(device.deviceId);
        if (!d) return 500;
        // The alarm may name one of the device's channels by its GB code.
        const channel =
          n.alarmDeviceId && n.alarmDeviceId !== device.gbCode ? await channelId(d.id, n.alarmDeviceId) : null;
        await store(
          {
            enterprise_id: d.enterprise_id,
            project_id: d.project_id,
            device_id: d.id,
            channel_id: channel,
            type: alarmTypeOf(n),
            alarm_time: gbTime(n.time, o.now()),
            content: (n.description ?? '').slice(0, 500),
            priority: Number.isInteger(n.priority) ? n.priority : null,
            method: Number.isInteger(n.method) ? n.method : null,
            source: 'device',
            device_sn: n.sn,
            picture_file_id: null,
            longitude: Number.isFinite(n.longitude) && n.longitude !== 0 ? n.longitude! : null,
            latitude: Number.isFinite(n.latitude) && n.latitude !== 0 ? n.latitude! : null,
            note: null,
          },
          'device',
          device.gbCode,
        );
        return 200;
      } catch {
        stats.failed++;
        return 500;
      } finally {
        stats.pending--;
      }
    },

    /** A registered device went offline (missed keepalives, dropped connection, expiry). */
    async deviceOffline(deviceId: number, reason: OfflineReason): Promise<void> {
      const d = await deviceRow(deviceId);
      if (!d) return;
      await store(
        {
          enterprise_id: d.enterprise_id,
          project_id: d.project_id,
          device_id: d.id,
          channel_id: null,
          // Nothing of the device's video arrives any more: video loss.
          type: 'B',
          alarm_time: o.now(),
          content: offlineContent(reason),
          source: 'offline',
          device_sn: null,
          priority: null,
          method: null,
          picture_file_id: null,
          longitude: null,
          latitude: null,
          note: null,
        },
        'offline',
      );
    },
  };
}
export type AlarmIngest = ReturnType<typeof createAlarmIngest>;
