// SQL of device groups; every call is scoped to one enterprise.
import { sql } from 'kysely';
import type { PageQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { pageNewestFirst } from '../../db/paging.js';

export const groupRepo = {
  list(db: Db, enterpriseId: number) {
    return db
      .selectFrom('device_group')
      .select((eb) => [
        'device_group.id as id',
        'device_group.name as name',
        'device_group.remark as remark',
        'device_group.state as state',
        eb
          .selectFrom('user')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('user.group_id', '=', 'device_group.id')
          .as('employeeCount'),
      ])
      .where('device_group.enterprise_id', '=', enterpriseId)
      .orderBy('device_group.id')
      .execute();
  },

  get(db: Db, enterpriseId: number, id: number) {
    return db
      .selectFrom('device_group')
      .select(['id', 'state'])
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async create(db: Db, enterpriseId: number, g: { name: string; remark: string | null }): Promise<number> {
    const row = await db
      .insertInto('device_group')
      .values({ enterprise_id: enterpriseId, name: g.name, remark: g.remark })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  update(
    db: Db,
    enterpriseId: number,
    id: number,
    g: { name: string; remark: string | null; state?: 'open' | 'closed' },
  ) {
    return db
      .updateTable('device_group')
      .set({ name: g.name, remark: g.remark, ...(g.state ? { state: g.state } : {}) })
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .execute();
  },

  delete(db: Db, enterpriseId: number, id: number) {
    return db
      .deleteFrom('device_group')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .where('state', '=', 'closed')
      .execute();
  },
};

/** SQL of what a group grants: its devices and channels. */
export const memberRepo = {
  devicesPage(db: Db, enterpriseId: number, groupId: number, q: PageQuery) {
    const base = db
      .selectFrom('device')
      .where('device.enterprise_id', '=', enterpriseId)
      .where('device.id', 'in', (eb) =>
        eb.selectFrom('group_device').select('device_id').where('group_id', '=', groupId),
      );
    return pageNewestFirst<{ id: number; sn: string; devName: string; devType: 'IPC' | 'NVR' | 'DVR' }>(
      db,
      base,
      'device.id',
      q,
      (b) =>
        b.select(['device.id as id', 'device.sn as sn', 'device.dev_name as devName', 'device.dev_type as devType']),
    );
  },

  addDevices: (db: Db, groupId: number, ids: number[]) =>
    db
      .insertInto('group_device')
      .values(ids.map((device_id) => ({ group_id: groupId, device_id })))
      .onConflict((oc) => oc.doNothing())
      .execute(),

  /** Takes devices out with the channels of theirs the group named: those would grant nothing alone. */
  removeDevices: (db: Db, groupId: number, ids: number[]) =>
    db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('group_channel')
        .where('group_id', '=', groupId)
        .where('channel_id', 'in', (eb) => eb.selectFrom('channel').select('id').where('device_id', 'in', ids))
        .execute();
      await tx.deleteFrom('group_device').where('group_id', '=', groupId).where('device_id', 'in', ids).execute();
    }),

  channels(db: Db, enterpriseId: number, groupId: number) {
    return db
      .selectFrom('group_channel')
      .innerJoin('channel', 'channel.id', 'group_channel.channel_id')
      .select([
        'channel.id as id',
        'channel.device_id as deviceId',
        'channel.index_no as index',
        'channel.channel_title as channelTitle',
      ])
      .where('group_channel.group_id', '=', groupId)
      .where('channel.enterprise_id', '=', enterpriseId)
      .orderBy('channel.device_id')
      .orderBy('channel.index_no')
      .execute();
  },

  /** The channels of the enterprise among `ids`, with their devices. */
  channelsByIds: (db: Db, enterpriseId: number, ids: number[]) =>
    db
      .selectFrom('channel')
      .select(['id', 'device_id'])
      .where('enterprise_id', '=', enterpriseId)
      .where('id', 'in', ids)
      .execute(),

  /** Adds channels with their devices: a channel whose device is not in the group would show nothing. */
  addChannels: (db: Db, groupId: number, channels: { id: number; device_id: number }[]) =>
    db.transaction().execute(async (tx) => {
      await tx
        .insertInto('group_device')
        .values([...new Set(channels.map((c) => c.device_id))].map((device_id) => ({ group_id: groupId, device_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await tx
        .insertInto('group_channel')
        .values(channels.map((c) => ({ group_id: groupId, channel_id: c.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }),

  removeChannels: (db: Db, groupId: number, ids: number[]) =>
    db.deleteFrom('group_channel').where('group_id', '=', groupId).where('channel_id', 'in', ids).execute(),
};

/** SQL of the staff (sub-accounts) a group limits: each user is in at most one group. */
export const groupStaffRepo = {
  /** Every staff member of the enterprise with the group they are in now, if any. */
  all(db: Db, enterpriseId: number) {
    return db
      .selectFrom('user')
      .leftJoin('device_group', 'device_group.id', 'user.group_id')
      .select([
        'user.id as id',
        'user.login_name as loginName',
        'user.name as name',
        'user.group_id as groupId',
        'device_group.name as groupName',
      ])
      .where('user.enterprise_id', '=', enterpriseId)
      .where('user.login_mode', '=', 'sub')
      .orderBy('user.id')
      .execute();
  },

  /** Puts staff in the group, moving them out of any other. */
  join: (db: Db, enterpriseId: number, groupId: number, ids: number[]) =>
    db
      .updateTable('user')
      .set({ group_id: groupId })
      .where('enterprise_id', '=', enterpriseId)
      .where('login_mode', '=', 'sub')
      .where('id', 'in', ids)
      .execute(),

  /** Takes staff out of the group; those in another group stay there. */
  leave: (db: Db, enterpriseId: number, groupId: number, ids: number[]) =>
    db
      .updateTable('user')
      .set({ group_id: null })
      .where('enterprise_id', '=', enterpriseId)
      .where('group_id', '=', groupId)
      .where('id', 'in', ids)
      .execute(),
};
