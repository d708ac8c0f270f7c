// Per-role project privileges (SPEC §6, §7 /api/roleProjectPrivilege): which projects a role reaches,
// with which project-level keys. Only projects the caller sees, only keys the caller may grant, and
// only on a role within the caller's own reach.
import { PRIVILEGE_KEYS } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { checkHandOut, grantableKeys } from '../role/reach.js';
import type { SessionCache } from '../session/cache.js';
import { roleRepo } from '../role/repo.js';
import { roleGrantRepo } from './grant-repo.js';
import { projectRepo } from './repo.js';
import { scopeOf } from './scope.js';

export type ProjectGrant = { projectId: number; privilegeKeys: string[] };

export function createRoleGrantService({ db, sessionCache }: { db: Db; sessionCache: SessionCache }) {
  async function role(caller: Principal, roleId: number) {
    const found = await roleRepo.get(db, caller.enterpriseId, roleId);
    if (!found) throw new AppError(404);
    return found;
  }

  return {
    async query(caller: Principal, roleId: number): Promise<ProjectGrant[]> {
      await role(caller, roleId);
      const rows = await roleGrantRepo.ofRole(db, roleId);
      const byProject = new Map<number, string[]>();
      for (const r of rows) byProject.set(r.project_id, [...(byProject.get(r.project_id) ?? []), r.privilege_key]);
      return [...byProject].map(([projectId, privilegeKeys]) => ({ projectId, privilegeKeys }));
    },

    async update(caller: Principal, roleId: number, grants: ProjectGrant[]): Promise<void> {
      await role(caller, roleId);
      await checkHandOut(db, caller, [roleId]);
      const scope = await scopeOf(db, caller);
      const grantable = grantableKeys(caller);
      for (const g of grants) {
        if (!(await projectRepo.get(db, scope, g.projectId))) throw new AppError(404);
        for (const key of g.privilegeKeys) {
          if (!PRIVILEGE_KEYS.has(key)) throw AppError.param('privilegeKeys', 'role.unknownKey', { key });
          if (!grantable.has(key)) throw new AppError(4117, { messageKey: 'role.beyondOwn', params: { key } });
        }
      }
      await roleGrantRepo.replace(
        db,
        roleId,
        grants.flatMap((g) =>
          [...new Set(g.privilegeKeys)].map((privilegeKey) => ({ projectId: g.projectId, privilegeKey })),
        ),
      );
      sessionCache.evictEnterprise(caller.enterpriseId);
    },
  };
}
export type RoleGrantService = ReturnType<typeof createRoleGrantService>;
