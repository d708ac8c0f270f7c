// Group membership (SPEC §3 group with device and channel privileges, §7 /api/group device and
// channel calls): which devices and channels a group grants, and which staff it limits. Only what
// the caller sees can go in, and only staff within the caller's reach can be moved (role/reach.ts).
import type { PageQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { deviceRepo } from '../device/repo.js';
import { scopeOf } from '../project/scope.js';
import { checkActOn, checkHandOut } from '../role/reach.js';
import type { SessionCache } from '../session/cache.js';
import { groupRepo, groupStaffRepo, memberRepo } from './repo.js';

export function createGroupMemberService({ db, sessionCache }: { db: Db; sessionCache: SessionCache }) {
  async function group(caller: Principal, id: number) {
    if (!(await groupRepo.get(db, caller.enterpriseId, id))) throw new AppError(404);
  }
  /** The devices among `ids` the caller sees; any other id is refused as not found. */
  async function visibleDevices(caller: Principal, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const rows = await deviceRepo.reachable(db, await scopeOf(db, caller), unique);
    if (rows.length !== unique.length) throw new AppError(404);
    return unique;
  }
  async function visibleChannels(caller: Principal, ids: number[]) {
    const unique = [...new Set(ids)];
    const rows = await memberRepo.channelsByIds(db, caller.enterpriseId, unique);
    if (rows.length !== unique.length) throw new AppError(404);
    await visibleDevices(
      caller,
      rows.map((r) => r.device_id),
    );
    return rows;
  }
  /**
   * Staff whose group the caller changes: the enterprise's staff (else 404), not the caller, each
   * within the caller's reach as they are and as the change leaves them (else 4117). A caller
   * limited to a group can neither widen anyone by taking them out nor move them to another.
   */
  async function movableStaff(caller: Principal, ids: number[], groupId: number | null): Promise<number[]> {
    if (ids.includes(caller.userId)) throw new AppError(4117, { messageKey: 'employee.self' });
    const reach = await checkActOn(db, caller, ids);
    await checkHandOut(db, caller, [...new Set([...reach.values()].flatMap((r) => r.roleIds))], groupId);
    return [...reach.keys()];
  }
  // Membership decides what staff of the group see: their cached sessions must not outlive it.
  const changed = (caller: Principal) => sessionCache.evictEnterprise(caller.enterpriseId);
  const evictUsers = (ids: number[]) => {
    const moved = new Set(ids);
    sessionCache.evictWhere((s) => moved.has(s.userId));
  };

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
      await memberRepo.addChannels(db, groupId, await visibleChannels(caller, channelIds));
      changed(caller);
    },
    async removeChannels(caller: Principal, groupId: number, channelIds: number[]) {
      await group(caller, groupId);
      const rows = await visibleChannels(caller, channelIds);
      await memberRepo.removeChannels(
        db,
        groupId,
        rows.map((r) => r.id),
      );
      changed(caller);
    },
    async employees(caller: Principal, groupId: number) {
      await group(caller, groupId);
      return groupStaffRepo.all(db, caller.enterpriseId);
    },
    async addEmployees(caller: Principal, groupId: number, employeeIds: number[]) {
      await group(caller, groupId);
      const ids = await movableStaff(caller, employeeIds, groupId);
      await groupStaffRepo.join(db, caller.enterpriseId, groupId, ids);
      evictUsers(ids);
    },
    async removeEmployees(caller: Principal, groupId: number, employeeIds: number[]) {
      await group(caller, groupId);
      const ids = await movableStaff(caller, employeeIds, null);
      await groupStaffRepo.leave(db, caller.enterpriseId, groupId, ids);
      evictUsers(ids);
    },
  };
}
export type GroupMemberService = ReturnType<typeof createGroupMemberService>;
