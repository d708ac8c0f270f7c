// SQL of alarms, always narrowed to the caller's scope: the devices they see (projects, and the
// device group for staff), newest first by id, with the time range pruning monthly partitions.
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { AlarmType, Handling } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import type { AlarmTable, Database } from '../../db/schema.js';
import { pageNewestFirst, type Page, type PageIndex } from '../../db/paging.js';
import { scopedDevices } from '../device/repo.js';
import { ALARM_PICTURE_KIND, type StoredPicture } from '../file/service.js';
import type { Scope } from '../project/scope.js';

export type AlarmRow = {
  id: number;
  device_id: number;
  device_name: string;
  sn: string;
  project_id: number;
  project_name: string;
  channel: number | null;
  channel_title: string | null;
  type: AlarmType;
  alarm_time: Date;
  read: boolean;
  handling: Handling;
  note: string | null;
  content: string;
  priority: number | null;
  picture_file_id: number | null;
  source: 'device' | 'manual' | 'offline';
};

/** Filters with times already read in the caller's zone. */
export interface AlarmWhere {
  underPath?: string | undefined;
  deviceId?: number | undefined;
  channel?: number | undefined;
  type?: AlarmType | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  read?: boolean | undefined;
  handling?: Handling | undefined;
  /** Ids above this one only (alarms that arrived since). */
  sinceId?: number | undefined;
  /** Ids up to this one only (the list as it stood). */
  untilId?: number | undefined;
}

type AlarmQuery = SelectQueryBuilder<Database, 'alarm', object>;

export function scopedAlarms(db: Db, scope: Scope, w: AlarmWhere): AlarmQuery {
  let q = db.selectFrom('alarm').where('alarm.enterprise_id', '=', scope.enterpriseId) as AlarmQuery;
  if (scope.paths !== null || scope.groupId !== null) {
    q = q.where('alarm.device_id', 'in', scopedDevices(db, scope).select('device.id'));
  }
  if (w.underPath !== undefined) {
    q = q.where('alarm.project_id', 'in', (eb) =>
      eb
        .selectFrom('project')
        .select('project.id')
        .where('project.enterprise_id', '=', scope.enterpriseId)
        .where('project.path', 'like', `${w.underPath}%`),
    );
  }
  if (w.deviceId !== undefined) q = q.where('alarm.device_id', '=', w.deviceId);
  if (w.channel !== undefined) {
    const channel = w.channel;
    q = q.where('alarm.channel_id', 'in', (eb) => {
      let c = eb
        .selectFrom('channel')
        .select('channel.id')
        .where('channel.enterprise_id', '=', scope.enterpriseId)
        .where('channel.index_no', '=', channel);
      if (w.deviceId !== undefined) c = c.where('channel.device_id', '=', w.deviceId);
      return c;
    });
  }
  if (w.type !== undefined) q = q.where('alarm.type', '=', w.type);
  if (w.from !== undefined) q = q.where('alarm.alarm_time', '>=', w.from);
  if (w.to !== undefined) q = q.where('alarm.alarm_time', '<=', w.to);
  if (w.read !== undefined) q = q.where('alarm.read', '=', w.read);
  if (w.handling !== undefined) q = q.where('alarm.handling', '=', w.handling);
  if (w.sinceId !== undefined) q = q.where('alarm.id', '>', w.sinceId);
  if (w.untilId !== undefined) q = q.where('alarm.id', '<=', w.untilId);
  return q;
}

/** Ids per tally bucket: migration 0008 buckets alarms by id >> 12. */
const TALLY_BUCKET = 4096;

/**
 * The tally answers for the whole enterprise filtered by type, handling and read state; a project,
 * device, channel, time or id range or a staff member's narrower view needs the rows themselves.
 */
function tallied(scope: Scope, w: AlarmWhere): boolean {
  return (
    scope.paths === null &&
    scope.groupId === null &&
    w.underPath === undefined &&
    w.deviceId === undefined &&
    w.channel === undefined &&
    w.from === undefined &&
    w.to === undefined &&
    w.sinceId === undefined &&
    w.untilId === undefined
  );
}

function tally(db: Db, scope: Scope, w: AlarmWhere) {
  let q = db.selectFrom('alarm_tally').where('enterprise_id', '=', scope.enterpriseId);
  if (w.type !== undefined) q = q.where('type', '=', w.type);
  if (w.handling !== undefined) q = q.where('handling', '=', w.handling);
  // The alarms matching the read filter, and the unread among them.
  const n =
    w.read === undefined ? sql<string>`sum(n)` : w.read ? sql<string>`sum(n - unread)` : sql<string>`sum(unread)`;
  const unread = w.read ? sql<string>`0` : sql<string>`sum(unread)`;
  return { q, n, unread };
}

/** Where row `offset` of the newest-first list lies, from the tally's per-bucket counts. */
function tallyIndex(db: Db, scope: Scope, w: AlarmWhere): PageIndex | undefined {
  if (!tallied(scope, w)) return undefined;
  return {
    async locate(offset) {
      const { q, n } = tally(db, scope, w);
      const buckets = await q
        .select(['bucket', n.as('n')])
        .groupBy('bucket')
        .orderBy('bucket', 'desc')
        .execute();
      let total = 0;
      let at: { below: number; skip: number } | null = null;
      for (const b of buckets) {
        const count = Number(b.n);
        if (at === null && total + count > offset) at = { below: (b.bucket + 1) * TALLY_BUCKET, skip: offset - total };
        total += count;
      }
      return { total, at };
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the paging helper's builder is untyped by design
function withColumns(q: SelectQueryBuilder<any, any, any>) {
  return (q as AlarmQuery)
    .innerJoin('device', 'device.id', 'alarm.device_id')
    .innerJoin('project', 'project.id', 'alarm.project_id')
    .leftJoin('channel', 'channel.id', 'alarm.channel_id')
    .select([
      'alarm.id as id',
      'alarm.device_id as device_id',
      'device.dev_name as device_name',
      'device.sn as sn',
      'alarm.project_id as project_id',
      'project.name as project_name',
      'channel.index_no as channel',
      'channel.channel_title as channel_title',
      'alarm.type as type',
      'alarm.alarm_time as alarm_time',
      'alarm.read as read',
      'alarm.handling as handling',
      'alarm.note as note',
      'alarm.content as content',
      'alarm.priority as priority',
      'alarm.picture_file_id as picture_file_id',
      'alarm.source as source',
    ]);
}

export const alarmRepo = {
  page(db: Db, scope: Scope, w: AlarmWhere, q: { page: number; size: number; cursor?: string | undefined }) {
    return pageNewestFirst<AlarmRow>(
      db,
      scopedAlarms(db, scope, w),
      'alarm.id',
      q,
      withColumns,
      tallyIndex(db, scope, w),
    ) as Promise<Page<AlarmRow>>;
  },

  list(db: Db, scope: Scope, w: AlarmWhere, limit: number): Promise<AlarmRow[]> {
    const ids = scopedAlarms(db, scope, w).select('alarm.id').orderBy('alarm.id', 'desc').limit(limit);
    return withColumns(scopedAlarms(db, scope, w).where('alarm.id', 'in', ids))
      .orderBy('alarm.id', 'desc')
      .execute() as Promise<AlarmRow[]>;
  },

  /** The caller's alarms among `ids`, with the project path for per-project checks. */
  owned(db: Db, scope: Scope, ids: number[]) {
    return scopedAlarms(db, scope, {})
      .innerJoin('project', 'project.id', 'alarm.project_id')
      .select(['alarm.id as id', 'project.path as path'])
      .where('alarm.id', '=', sql<number>`any(${ids})`)
      .execute();
  },

  async counts(
    db: Db,
    scope: Scope,
    w: AlarmWhere,
  ): Promise<{ type: string; handling: Handling; n: string; unread: string }[]> {
    if (tallied(scope, w)) {
      const { q, n, unread } = tally(db, scope, w);
      return q
        .select(['type', 'handling', n.as('n'), unread.as('unread')])
        .groupBy(['type', 'handling'])
        .execute();
    }
    return scopedAlarms(db, scope, w)
      .select([
        'alarm.type as type',
        'alarm.handling as handling',
        sql<string>`count(*)`.as('n'),
        sql<string>`count(*) filter (where not alarm.read)`.as('unread'),
      ])
      .groupBy(['alarm.type', 'alarm.handling'])
      .execute();
  },

  setRead(db: Db, enterpriseId: number, ids: number[], read: boolean) {
    return db
      .updateTable('alarm')
      .set({ read })
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', sql<number>`any(${ids})`)
      .execute();
  },

  setHandling(db: Db, enterpriseId: number, id: number, handling: Handling, note: string | null) {
    return (
      db
        .updateTable('alarm')
        // Handling an alarm reads it.
        .set({ handling, note, read: true })
        .where('enterprise_id', '=', enterpriseId)
        .where('id', '=', id)
        .execute()
    );
  },

  delete(db: Db, enterpriseId: number, ids: number[]) {
    return db
      .deleteFrom('alarm')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', sql<number>`any(${ids})`)
      .execute();
  },

  /**
   * Stores device alarms in one statement (group commit); answers each row's id in order, or null
   * for a retransmission already stored (same device, SN and time).
   */
  async insertMany(db: Db, rows: Insertable<AlarmTable>[]): Promise<(number | null)[]> {
    // One array a column (unnest): the statement's text and parameters stay the same size however
    // many alarms a group commit carries, instead of 15 parameters an alarm.
    const col = <T>(f: (r: Insertable<AlarmTable>) => T) => rows.map(f);
    const { rows: inserted } = await sql<{ id: number; device_id: number; device_sn: number | null; alarm_time: Date }>`
      insert into alarm (enterprise_id, project_id, device_id, channel_id, type, alarm_time, content, priority,
        method, source, device_sn, picture_file_id, longitude, latitude, note)
      select * from unnest(
        ${col((r) => r.enterprise_id)}::bigint[], ${col((r) => r.project_id)}::bigint[],
        ${col((r) => r.device_id)}::bigint[], ${col((r) => r.channel_id ?? null)}::bigint[],
        ${col((r) => r.type)}::char(1)[], ${col((r) => (r.alarm_time as Date).toISOString())}::timestamptz[],
        ${col((r) => r.content ?? '')}::text[], ${col((r) => r.priority ?? null)}::smallint[],
        ${col((r) => r.method ?? null)}::smallint[], ${col((r) => r.source)}::text[],
        ${col((r) => r.device_sn ?? null)}::integer[], ${col((r) => r.picture_file_id ?? null)}::bigint[],
        ${col((r) => r.longitude ?? null)}::float8[], ${col((r) => r.latitude ?? null)}::float8[],
        ${col((r) => r.note ?? null)}::text[])
      on conflict (device_id, device_sn, alarm_time) where device_sn is not null do nothing
      returning id, device_id, device_sn, alarm_time`.execute(db);
    const key = (d: number, sn: number | null | undefined, t: Date) => `${d}|${sn ?? ''}|${t.getTime()}`;
    const ids = new Map(inserted.map((r) => [key(r.device_id, r.device_sn, r.alarm_time), r.id]));
    return rows.map((r) => {
      const k = key(r.device_id, r.device_sn, r.alarm_time as Date);
      const id = ids.get(k);
      // A batch may carry the same retransmission twice: only the first gets the id.
      ids.delete(k);
      return id ?? null;
    });
  },

  /**
   * Device pictures stored under reserved file ids become their alarms' pictures, many in one
   * statement: the file rows are inserted only for alarms (of the same enterprise) that had none, so
   * an alarm keeps its first picture. Answers the file ids that were taken.
   */
  async attachPictures(db: Db, items: { alarmId: number; file: StoredPicture }[]): Promise<Set<number>> {
    const col = <T>(f: (i: { alarmId: number; file: StoredPicture }) => T) => items.map(f);
    const { rows } = await sql<{ file_id: string }>`
      with v as (
        select * from unnest(
          ${col((i) => i.alarmId)}::bigint[], ${col((i) => i.file.id)}::bigint[],
          ${col((i) => i.file.enterpriseId)}::bigint[], ${col((i) => i.file.mime)}::text[],
          ${col((i) => i.file.size)}::int[], ${col((i) => i.file.sha256)}::text[],
          ${col((i) => i.file.width)}::int[], ${col((i) => i.file.height)}::int[],
          ${col((i) => i.file.segment)}::text[], ${col((i) => i.file.offset)}::bigint[]
        ) as v(alarm_id, file_id, enterprise_id, mime, size, sha256, width, height, segment, segment_offset)
      ),
      taken as (
        update alarm set picture_file_id = v.file_id from v
        where alarm.id = v.alarm_id and alarm.enterprise_id = v.enterprise_id and alarm.picture_file_id is null
        returning alarm.picture_file_id as file_id
      ),
      stored as (
        insert into file (id, enterprise_id, kind, mime, size, sha256, width, height, created_by, segment, segment_offset)
        overriding system value
        select v.file_id, v.enterprise_id, ${ALARM_PICTURE_KIND}, v.mime, v.size, v.sha256, v.width, v.height, null,
          v.segment, v.segment_offset
        from v join taken using (file_id)
      )
      select file_id from taken`.execute(db);
    return new Set(rows.map((r) => Number(r.file_id)));
  },

  /** The file id of an alarm's picture, when it has one. */
  async pictureOf(db: Db, enterpriseId: number, id: number): Promise<number | null> {
    const row = await db
      .selectFrom('alarm')
      .select('picture_file_id')
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    return row?.picture_file_id ?? null;
  },

  /** Whether a table of this name (a monthly partition) exists in the current schema. */
  async partitionExists(db: Db, name: string): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where c.relname = ${name} and n.nspname = current_schema()`.execute(
      db,
    );
    return rows[0]!.n > 0;
  },

  /** Makes the partition of alarms from `from` (inclusive) to `to`, its pages filled only so far. */
  async createPartition(db: Db, name: string, from: Date, to: Date, fillfactor: number): Promise<void> {
    await sql`create table ${sql.id(name)} partition of alarm
      for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})
      with (fillfactor = ${sql.lit(fillfactor)})`.execute(db);
  },

  /** Stores one alarm; a device's retransmission (same device, SN and time) answers null. */
  async insert(db: Db, row: Insertable<AlarmTable>): Promise<number | null> {
    const [id] = await alarmRepo.insertMany(db, [row]);
    return id ?? null;
  },
};
