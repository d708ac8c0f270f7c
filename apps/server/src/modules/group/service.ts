// Device groups (SPEC §3 group, §4: deleted only once closed). Device and channel membership is in
// members.ts.
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import type { SessionCache } from '../session/cache.js';
import { groupRepo } from './repo.js';

export function createGroupService({ db, sessionCache }: { db: Db; sessionCache: SessionCache }) {
  async function existing(caller: Principal, id: number) {
    const g = await groupRepo.get(db, caller.enterpriseId, id);
    if (!g) throw new AppError(404);
    return g;
  }
  const unique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'device_group_name')) throw new AppError(409, { messageKey: 'conflict.groupName' });
      throw err;
    }
  };

  return {
    async getAll(caller: Principal) {
      const rows = await groupRepo.list(db, caller.enterpriseId);
      return rows.map((r) => ({ ...r, employeeCount: Number(r.employeeCount) }));
    },
    add: (caller: Principal, g: { name: string; remark?: string | undefined }) =>
      unique(async () => ({
        id: await groupRepo.create(db, caller.enterpriseId, { name: g.name, remark: g.remark ?? null }),
      })),
    async update(
      caller: Principal,
      g: { id: number; name: string; remark?: string | undefined; state?: 'open' | 'closed' | undefined },
    ) {
      const before = await existing(caller, g.id);
      await unique(() =>
        groupRepo.update(db, caller.enterpriseId, g.id, {
          name: g.name,
          remark: g.remark ?? null,
          ...(g.state ? { state: g.state } : {}),
        }),
      );
      // Opening or closing decides what the group's staff see: their cached sessions must not outlive it.
      if (g.state && g.state !== before.state) sessionCache.evictEnterprise(caller.enterpriseId);
    },
    async delete(caller: Principal, id: number) {
      const g = await existing(caller, id);
      if (g.state !== 'closed') throw new AppError(409, { messageKey: 'group.notClosed' });
      await groupRepo.delete(db, caller.enterpriseId, id);
    },
  };
}
export type GroupService = ReturnType<typeof createGroupService>;
