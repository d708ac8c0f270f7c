// Group membership (SPEC §3 group with device and channel privileges, §7 /api/group device and
// channel calls): which devices and channels a group grants. Only what the caller sees can go in.
import type { PageQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { pageNewestFirst } from '../../db/paging.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { scopedDevices } from '../device/repo.js';
import { scopeOf } from '../project/scope.js';
import type { SessionCache } from '../session/cache.js';
import { groupRepo } from './repo.js';

export function createGroupMemberService({ db, sessionCache }: { db: Db; sessionCache: SessionCache }) {
  async function group(caller: Principal, id: number) {
    if (!(await groupRepo.get(db, caller.enterpriseId, id))) throw new AppError(404);
  }
  /** The devices among `ids` the caller sees; any other id is refused as not found. */
  async function visibleDevices(caller: Principal, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const rows = await scopedDevices(db, await scopeOf(db, caller))
      .select('device.id')
      .where('device.id', 'in', unique)
      .execute();
    if (rows.length !== unique.length) throw new AppError(404);
    return unique;
  }
  async function visibleChannels(caller: Principal, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const rows = await db
      .selectFrom('channel')
      .select(['id', 'device_id'])
      .where('enterprise_id', '=', caller.enterpriseId)
      .where('id', 'in', unique)
      .execute();
    if (rows.length !== unique.length) throw new AppError(404);
    await visibleDevices(
      caller,
      rows.map((r) => r.device_id),
    );
    return unique;
  }
  // Membership decides what staff of the group see: their cached sessions must not outlive it.
  const changed = (caller: Principal) => sessionCache.evictEnterprise(caller.enterpriseId);

  return {
    async devices(caller: Principal, groupId: number, q: PageQuery) {
      await group(caller, groupId);
      const base = db
        .selectFrom('device')
        .where('device.enterprise_id', '=', caller.enterpriseId)
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
    async addDevices(caller: Principal, groupId: number, deviceIds: number[]) {
      await group(caller, groupId);
      const ids = await visibleDevices(caller, deviceIds);
      await db
        .insertInto('group_device')
        .values(ids.map((device_id) => ({ group_id: groupId, device_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      changed(caller);
    },
    async removeDevices(caller: Principal, groupId: number, deviceIds: number[]) {
      await group(caller, groupId);
      await db
        .deleteFrom('group_device')
        .where('group_id', '=', groupId)
        .where('device_id', 'in', await visibleDevices(caller, deviceIds))
        .execute();
      changed(caller);
    },
    async channels(caller: Principal, groupId: number) {
      await group(caller, groupId);
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
        .where('channel.enterprise_id', '=', caller.enterpriseId)
        .orderBy('channel.device_id')
        .orderBy('channel.index_no')
        .execute();
    },
    async addChannels(caller: Principal, groupId: number, channelIds: number[]) {
      await group(caller, groupId);
      const ids = await visibleChannels(caller, channelIds);
      await db
        .insertInto('group_channel')
        .values(ids.map((channel_id) => ({ group_id: groupId, channel_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      changed(caller);
    },
    async removeChannels(caller: Principal, groupId: number, channelIds: number[]) {
      await group(caller, groupId);
      await db
        .deleteFrom('group_channel')
        .where('group_id', '=', groupId)
        .where('channel_id', 'in', await visibleChannels(caller, channelIds))
        .execute();
      changed(caller);
    },
  };
}
export type GroupMemberService = ReturnType<typeof createGroupMemberService>;
