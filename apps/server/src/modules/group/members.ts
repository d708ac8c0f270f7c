// Group membership (SPEC §3 group with device and channel privileges, §7 /api/group device and
// channel calls): which devices and channels a group grants. Only what the caller sees can go in.
import type { PageQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { scopedDevices } from '../device/repo.js';
import { scopeOf } from '../project/scope.js';
import type { SessionCache } from '../session/cache.js';
import { groupRepo, memberRepo } from './repo.js';

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
    const rows = await memberRepo.channelsByIds(db, caller.enterpriseId, unique);
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
      return memberRepo.devicesPage(db, caller.enterpriseId, groupId, q);
    },
    async addDevices(caller: Principal, groupId: number, deviceIds: number[]) {
      await group(caller, groupId);
      const ids = await visibleDevices(caller, deviceIds);
      await memberRepo.addDevices(db, groupId, ids);
      changed(caller);
    },
    async removeDevices(caller: Principal, groupId: number, deviceIds: number[]) {
      await group(caller, groupId);
      await memberRepo.removeDevices(db, groupId, await visibleDevices(caller, deviceIds));
      changed(caller);
    },
    async channels(caller: Principal, groupId: number) {
      await group(caller, groupId);
      return memberRepo.channels(db, caller.enterpriseId, groupId);
    },
    async addChannels(caller: Principal, groupId: number, channelIds: number[]) {
      await group(caller, groupId);
      const ids = await visibleChannels(caller, channelIds);
      await memberRepo.addChannels(db, groupId, ids);
      changed(caller);
    },
    async removeChannels(caller: Principal, groupId: number, channelIds: number[]) {
      await group(caller, groupId);
      await memberRepo.removeChannels(db, groupId, await visibleChannels(caller, channelIds));
      changed(caller);
    },
  };
}
export type GroupMemberService = ReturnType<typeof createGroupMemberService>;
