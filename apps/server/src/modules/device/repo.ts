// SQL of devices and channels: the console's always narrowed to the caller's scope (projects, and
// group for staff); the gateway's and alarm ingest's by the id a registration carries.
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import type { DeviceQuery } from '@svc/contracts';
import type { SealedSecret } from '../../crypto/secrets.js';
import type { Db } from '../../db/database.js';
import type { Database, DeviceTable } from '../../db/schema.js';
import { pageNewestFirst } from '../../db/paging.js';
import { escapeLike } from '../enterprise/repo.js';
import { inScopeProjects } from '../project/repo.js';
import type { Scope } from '../project/scope.js';

export type DeviceRow = {
  id: number;
  uuid: string;
  sn: string;
  dev_name: string;
  dev_type: 'IPC' | 'NVR' | 'DVR';
  project_id: number;
  project_name: string;
  status: 'online' | 'dormancy' | 'offline';
  login_name: string;
  gb_code: string | null;
  stream_mode: 'TCP-PASSIVE' | 'UDP' | 'TCP-ACTIVE';
  vehicle: boolean;
  model: string | null;
  manufacturer: string | null;
  ip: string | null;
  port: number | null;
  longitude: number | null;
  latitude: number | null;
  channel_count: string | number;
  tags: string[] | null;
  created_at: Date;
  last_seen: Date | null;
};

/** The channels a device group names, by device id (deviceRepo.groupChannels). */
export type GroupChannels = ReadonlyMap<number, ReadonlySet<number>>;

/** Whether a group (null: none) lets its staff see a channel of a device. */
export const groupAllows = (group: GroupChannels | null, deviceId: number, channelId: number): boolean =>
  group?.get(deviceId)?.has(channelId) ?? true;

/** Devices the scope reaches, optionally only under one project path. */
export function scopedDevices(db: Db, scope: Scope, underPath?: string) {
  let q = db.selectFrom('device').where('device.enterprise_id', '=', scope.enterpriseId);
  if (scope.paths !== null || underPath !== undefined) {
    q = q.where('device.project_id', 'in', (eb) => {
      const projects = inScopeProjects(eb.selectFrom('project'), scope).select('project.id');
      return underPath === undefined ? projects : projects.where('project.path', 'like', `${underPath}%`);
    });
  }
  if (scope.groupId !== null) {
    // A closed group grants nothing: its staff see no device until it opens again (SPEC §4 group state).
    q = q.where('device.id', 'in', (eb) =>
      eb
        .selectFrom('group_device')
        .innerJoin('device_group', 'device_group.id', 'group_device.group_id')
        .select('group_device.device_id')
        .where('group_device.group_id', '=', scope.groupId!)
        .where('device_group.state', '=', 'open'),
    );
  }
  return q;
}

function withColumns<O>(q: SelectQueryBuilder<Database, 'device', O>) {
  return q.innerJoin('project', 'project.id', 'device.project_id').select((eb) => [
    'device.id as id',
    'device.uuid as uuid',
    'device.sn as sn',
    'device.dev_name as dev_name',
    'device.dev_type as dev_type',
    'device.project_id as project_id',
    'project.name as project_name',
    'device.status as status',
    'device.login_name as login_name',
    'device.stream_mode as stream_mode',
    'device.vehicle as vehicle',
    'device.gb_code as gb_code',
    'device.model as model',
    'device.manufacturer as manufacturer',
    'device.ip as ip',
    'device.port as port',
    'device.longitude as longitude',
    'device.latitude as latitude',
    'device.created_at as created_at',
    'device.keepalive_at as last_seen',
    eb
      .selectFrom('channel')
      .select(sql<string>`count(*)`.as('c'))
      .whereRef('channel.device_id', '=', 'device.id')
      .as('channel_count'),
    eb
      .selectFrom('device_tag')
      .innerJoin('tag', 'tag.id', 'device_tag.tag_id')
      .select(sql<string[]>`array_agg(tag.tag_name order by tag.tag_name)`.as('t'))
      .whereRef('device_tag.device_id', '=', 'device.id')
      .as('tags'),
  ]);
}

/** A device's id, GB code and type with its project's path, for per-project checks. */
const withPath = (q: SelectQueryBuilder<Database, 'device', object>) =>
  q
    .innerJoin('project', 'project.id', 'device.project_id')
    .select(['device.id as id', 'device.gb_code as gb_code', 'device.dev_type as dev_type', 'project.path as path']);

type Filters = Pick<DeviceQuery, 'devType' | 'status' | 'text'> & { sn?: string };
function filtered(db: Db, scope: Scope, f: Filters, underPath?: string) {
  return scopedDevices(db, scope, underPath)
    .$if(f.devType !== undefined, (q) => q.where('device.dev_type', '=', f.devType!))
    .$if(f.status !== undefined, (q) => q.where('device.status', '=', f.status!))
    .$if(!!f.sn, (q) => q.where('device.sn', 'ilike', `%${escapeLike(f.sn!)}%`))
    .$if(!!f.text, (q) =>
      q.where((eb) =>
        eb.or([
          eb('device.dev_name', 'ilike', `%${escapeLike(f.text!)}%`),
          eb('device.sn', 'ilike', `%${escapeLike(f.text!)}%`),
        ]),
      ),
    );
}

/**
 * A device row, and for a camera the channel 1 it plays on before its catalog arrives (the catalog
 * then takes that channel over); recorders report theirs when they register.
 */
async function insertWithChannel(tx: Db, values: Insertable<DeviceTable>) {
  const created = await tx
    .insertInto('device')
    .values(values)
    .returning(['id', 'uuid', 'enterprise_id', 'dev_type', 'keepalive_interval'])
    .executeTakeFirstOrThrow();
  if (values.dev_type === 'IPC') {
    await tx
      .insertInto('channel')
      .values({
        device_id: created.id,
        enterprise_id: created.enterprise_id,
        index_no: 1,
        channel_title: values.dev_name,
      })
      .execute();
  }
  return created;
}

export const deviceRepo = {
  page(db: Db, scope: Scope, q: DeviceQuery & { sn?: string }, underPath?: string) {
    return pageNewestFirst<DeviceRow>(db, filtered(db, scope, q, underPath), 'device.id', q, (b) =>
      withColumns(b as SelectQueryBuilder<Database, 'device', object>),
    );
  },

  all(db: Db, scope: Scope, f: Filters, underPath: string | undefined, limit: number): Promise<DeviceRow[]> {
    return withColumns(filtered(db, scope, f, underPath))
      .orderBy('device.dev_name')
      .orderBy('device.id')
      .limit(limit)
      .execute() as Promise<DeviceRow[]>;
  },

  get(db: Db, scope: Scope, id: number): Promise<(DeviceRow & { path: string }) | undefined> {
    return withColumns(scopedDevices(db, scope).where('device.id', '=', id))
      .select('project.path as path')
      .executeTakeFirst() as Promise<(DeviceRow & { path: string }) | undefined>;
  },

  async counts(db: Db, scope: Scope) {
    return scopedDevices(db, scope)
      .select(['device.dev_type as devType', 'device.status as status', sql<string>`count(*)`.as('n')])
      .groupBy(['device.dev_type', 'device.status'])
      .execute();
  },

  /** Of these devices, those the scope reaches, with what live view, arming and tags need of them. */
  reachable(db: Db, scope: Scope, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return scopedDevices(db, scope).$call(withPath).where('device.id', 'in', ids).execute();
  },

  /** The devices the scope reaches under a project path, as `reachable` answers them. */
  under(db: Db, scope: Scope, path: string) {
    return scopedDevices(db, scope, path).$call(withPath).execute();
  },

  /** Arms or disarms devices the caller was found to reach (GuardCmd). */
  setArmed(db: Db, enterpriseId: number, ids: readonly number[], armed: boolean) {
    return db
      .updateTable('device')
      .set({ armed })
      .where('enterprise_id', '=', enterpriseId)
      .where('id', 'in', ids)
      .execute();
  },

  async streamMode(db: Db, enterpriseId: number, id: number): Promise<'UDP' | 'TCP-PASSIVE' | 'TCP-ACTIVE'> {
    const row = await db
      .selectFrom('device')
      .select('stream_mode')
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirstOrThrow();
    return row.stream_mode;
  },

  /**
   * A device by id for work done for no caller (alarm ingest and notices): the id comes from a
   * registration or a stored alarm, never from a request.
   */
  known(db: Db, id: number) {
    return db
      .selectFrom('device')
      .select(['id', 'enterprise_id', 'project_id', 'dev_name', 'sn', 'armed'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** The keepalive interval a registered device was told to keep (its offline detection follows it). */
  setKeepaliveInterval(db: Db, id: number, seconds: number) {
    return db.updateTable('device').set({ keepalive_interval: seconds }).where('id', '=', id).execute();
  },

  /** Channels of several devices of an enterprise with these index numbers, in one query. */
  channelsOfDevices(db: Db, enterpriseId: number, deviceIds: readonly number[], indexes: readonly number[]) {
    if (deviceIds.length === 0 || indexes.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('channel')
      .select(['id', 'device_id', 'index_no', 'gb_code', 'main'])
      .where('enterprise_id', '=', enterpriseId)
      .where('device_id', 'in', deviceIds)
      .where('index_no', 'in', indexes)
      .execute();
  },

  channels(db: Db, enterpriseId: number, deviceId: number) {
    return db
      .selectFrom('channel')
      .selectAll()
      .where('enterprise_id', '=', enterpriseId)
      .where('device_id', '=', deviceId)
      .orderBy('index_no')
      .execute();
  },

  /** A device added in the console, and for a camera its channel 1. */
  async insert(
    db: Db,
    enterpriseId: number,
    d: {
      projectId: number;
      sn: string;
      devName: string;
      devType: 'IPC' | 'NVR' | 'DVR';
      loginName: string;
      password: SealedSecret;
      gbCode: string | null;
      streamMode: 'TCP-PASSIVE' | 'UDP' | 'TCP-ACTIVE';
      vehicle: boolean;
    },
  ): Promise<{ id: number; uuid: string }> {
    const { id, uuid } = await db.transaction().execute((tx) =>
      insertWithChannel(tx, {
        enterprise_id: enterpriseId,
        project_id: d.projectId,
        sn: d.sn,
        dev_name: d.devName,
        dev_type: d.devType,
        login_name: d.loginName,
        password: d.password,
        gb_code: d.gbCode,
        stream_mode: d.streamMode,
        vehicle: d.vehicle,
      }),
    );
    return { id, uuid };
  },

  /**
   * A device that enrolled itself by registering (the gateway): its ID doubles as serial number and
   * name, and a camera gets its channel 1 as one added in the console does.
   */
  async enrol(
    db: Db,
    d: {
      enterpriseId: number;
      projectId: number;
      gbCode: string;
      devType: 'IPC' | 'NVR' | 'DVR';
      password: SealedSecret;
    },
  ): Promise<{ id: number; enterprise_id: number; dev_type: 'IPC' | 'NVR' | 'DVR'; keepalive_interval: number }> {
    const { id, enterprise_id, dev_type, keepalive_interval } = await db.transaction().execute((tx) =>
      insertWithChannel(tx, {
        enterprise_id: d.enterpriseId,
        project_id: d.projectId,
        sn: d.gbCode,
        dev_name: d.gbCode,
        dev_type: d.devType,
        password: d.password,
        gb_code: d.gbCode,
      }),
    );
    return { id, enterprise_id, dev_type, keepalive_interval };
  },

  update(
    db: Db,
    enterpriseId: number,
    id: number,
    d: {
      devName: string;
      projectId: number;
      loginName?: string | undefined;
      password?: SealedSecret | undefined;
      gbCode?: string | null | undefined;
      streamMode?: 'TCP-PASSIVE' | 'UDP' | 'TCP-ACTIVE' | undefined;
      vehicle?: boolean | undefined;
    },
  ) {
    return db
      .updateTable('device')
      .set({
        dev_name: d.devName,
        project_id: d.projectId,
        ...(d.loginName !== undefined ? { login_name: d.loginName } : {}),
        ...(d.password !== undefined ? { password: d.password } : {}),
        ...(d.gbCode !== undefined ? { gb_code: d.gbCode } : {}),
        ...(d.streamMode !== undefined ? { stream_mode: d.streamMode } : {}),
        ...(d.vehicle !== undefined ? { vehicle: d.vehicle } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
  },

  setCoordinate(db: Db, enterpriseId: number, id: number, longitude: number, latitude: number) {
    return db
      .updateTable('device')
      .set({ longitude, latitude })
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .execute();
  },

  delete(db: Db, enterpriseId: number, ids: number[]) {
    return db.deleteFrom('device').where('enterprise_id', '=', enterpriseId).where('id', 'in', ids).execute();
  },

  channel(db: Db, enterpriseId: number, id: number) {
    return db
      .selectFrom('channel')
      .select(['id', 'device_id'])
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
  },

  updateChannel(
    db: Db,
    id: number,
    c: {
      channelTitle?: string | undefined;
      enable?: boolean | undefined;
      cameraType?: 'ordinary' | 'speedDome' | 'hemisphere' | undefined;
      longitude?: number | null | undefined;
      latitude?: number | null | undefined;
    },
  ) {
    return db
      .updateTable('channel')
      .set({
        ...(c.channelTitle !== undefined ? { channel_title: c.channelTitle } : {}),
        ...(c.enable !== undefined ? { enable: c.enable } : {}),
        ...(c.cameraType !== undefined ? { camera_type: c.cameraType } : {}),
        ...(c.longitude !== undefined ? { longitude: c.longitude } : {}),
        ...(c.latitude !== undefined ? { latitude: c.latitude } : {}),
      })
      .where('id', '=', id)
      .execute();
  },

  /**
   * The channels a group names, by device. A device of the group with none named grants all its
   * channels; one with some named grants only those (a group can hold a whole camera and three
   * channels of an NVR).
   */
  async groupChannels(db: Db, groupId: number): Promise<GroupChannels> {
    const rows = await db
      .selectFrom('group_channel')
      .innerJoin('channel', 'channel.id', 'group_channel.channel_id')
      .select(['channel.id as id', 'channel.device_id as deviceId'])
      .where('group_channel.group_id', '=', groupId)
      .execute();
    const byDevice = new Map<number, Set<number>>();
    for (const r of rows) byDevice.set(r.deviceId, (byDevice.get(r.deviceId) ?? new Set()).add(r.id));
    return byDevice;
  },
};
