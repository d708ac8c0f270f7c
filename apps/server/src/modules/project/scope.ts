// What part of the enterprise a caller sees (SPEC §6): super administrators and cloud accounts see
// every project; staff see the projects their roles are granted, with everything under them, and
// only their device group's devices when they have one. Every project and device query goes through here.
import type { Db } from '../../db/database.js';
import { bypassesChecks, holds, type Principal } from '../../http/auth.js';
import { roleGrantRepo } from './grant-repo.js';

export type Scope = {
  enterpriseId: number;
  /** null: every project of the enterprise; else the granted subtrees, as path prefixes. */
  paths: string[] | null;
  /** Project-level keys granted per project id (staff only). */
  keysByProject: Map<number, Set<string>>;
  /** Devices are limited to this group's (staff in a group). */
  groupId: number | null;
};

export async function scopeOf(db: Db, caller: Principal): Promise<Scope> {
  if (bypassesChecks(caller))
    return { enterpriseId: caller.enterpriseId, paths: null, keysByProject: new Map(), groupId: null };
  const rows =
    caller.roles.length === 0
      ? []
      : await roleGrantRepo.ofRoles(
          db,
          caller.enterpriseId,
          caller.roles.map((r) => r.id),
        );
  const keysByProject = new Map<number, Set<string>>();
  const paths = new Set<string>();
  for (const r of rows) {
    paths.add(r.path);
    keysByProject.set(r.id, (keysByProject.get(r.id) ?? new Set()).add(r.key));
  }
  // A granted subtree inside another granted subtree adds nothing.
  const sorted = [...paths].sort();
  const roots = sorted.filter((p) => !sorted.some((q) => q !== p && p.startsWith(q)));
  return { enterpriseId: caller.enterpriseId, paths: roots, keysByProject, groupId: caller.groupId };
}

/** Whether a project path lies inside the scope. */
export const inScope = (scope: Scope, path: string): boolean =>
  scope.paths === null || scope.paths.some((p) => path.startsWith(p));

/**
 * Project-level permission (SPEC §6): the key in the project's privileges (granted on it or on a
 * node above it) or in the user's own keys.
 */
export function holdsOnProject(caller: Principal, scope: Scope, path: string, key: string): boolean {
  if (holds(caller, key)) return true;
  const ids = path.split('/').filter(Boolean).map(Number);
  return ids.some((id) => scope.keysByProject.get(id)?.has(key));
}
