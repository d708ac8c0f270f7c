// How far privileges reach (SPEC §6 privilege model: function-point keys, per-role project and video
// privileges, the device group) and whether they lie within a caller's own. One rule for handing
// roles out and for acting on another user: nobody but a main account or a super administrator
// (who bypass the checks) hands out, or acts on someone holding, more than they hold themselves —
// else resetting a colleague's password would be signing in with their privileges.
import { PRIVILEGE_KEYS, RESERVED_KEYS } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { bypassesChecks, type Principal } from '../../http/auth.js';
import { employeeRepo } from '../employee/repo.js';
import { holdsOnProject, inScope, scopeOf } from '../project/scope.js';
import { roleRepo } from './repo.js';

/** The keys a caller may put in a role or hand out through one. */
export function grantableKeys(caller: Principal): Set<string> {
  const own = bypassesChecks(caller) ? PRIVILEGE_KEYS : caller.privilegeKeys;
  return new Set([...own].filter((k) => !RESERVED_KEYS.has(k)));
}

/** What some roles grant, and the device group limiting them (undefined: no group in question). */
type Reach = Awaited<ReturnType<typeof roleRepo.grantsOf>> & { groupId?: number | null };

/** The first thing `reach` grants beyond the caller's own, or null when it lies within. */
async function beyondCaller(db: Db, caller: Principal, reach: Reach): Promise<{ key?: string } | null> {
  if (bypassesChecks(caller)) return null;
  const grantable = grantableKeys(caller);
  for (const key of reach.keys) if (!grantable.has(key)) return { key };
  if (reach.projects.size) {
    const scope = await scopeOf(db, caller);
    for (const [path, keys] of reach.projects) {
      if (!inScope(scope, path)) return {};
      for (const key of keys) if (!holdsOnProject(caller, scope, path, key)) return { key };
    }
  }
  if (reach.video.size) {
    const own = (
      await roleRepo.grantsOf(
        db,
        caller.roles.map((r) => r.id),
      )
    ).video;
    for (const key of reach.video) if (!own.has(key)) return { key };
  }
  // A group limits which devices one sees: a caller limited to one can put nobody outside it.
  if (reach.groupId !== undefined && caller.groupId !== null && reach.groupId !== caller.groupId) return {};
  return null;
}

/**
 * Roles handed to someone (with the group they will be in, when that is being set) must grant
 * nothing beyond the caller's own privileges: 4117 otherwise.
 */
export async function checkHandOut(
  db: Db,
  caller: Principal,
  roleIds: number[],
  groupId?: number | null,
): Promise<void> {
  if (bypassesChecks(caller)) return;
  const beyond = await beyondCaller(db, caller, { ...(await roleRepo.grantsOf(db, roleIds)), groupId });
  if (!beyond) return;
  throw beyond.key
    ? new AppError(4117, { messageKey: 'role.beyondOwn', params: { key: beyond.key } })
    : new AppError(4117, { messageKey: 'role.beyondReach' });
}

/**
 * Staff the caller acts on (edits, resets, disables, deletes, re-roles, regroups) must hold nothing
 * beyond the caller's own privileges: 404 for ids that are not the enterprise's staff, 4117 when any
 * one of them reaches further, before anything changes. Answers each one's roles and group.
 */
export async function checkActOn(
  db: Db,
  caller: Principal,
  userIds: number[],
): Promise<Map<number, { roleIds: number[]; groupId: number | null }>> {
  const unique = [...new Set(userIds)];
  const rows = await employeeRepo.reachRows(db, caller.enterpriseId, unique);
  if (rows.length !== unique.length) throw new AppError(404);
  if (!bypassesChecks(caller))
    for (const row of rows) {
      const beyond =
        row.bypass ||
        (await beyondCaller(db, caller, { ...(await roleRepo.grantsOf(db, row.roleIds)), groupId: row.groupId }));
      if (beyond) throw new AppError(4117, { messageKey: 'employee.beyondOwn' });
    }
  return new Map(rows.map((r) => [r.id, { roleIds: r.roleIds, groupId: r.groupId }]));
}
