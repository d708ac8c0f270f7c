// A role's project privileges as the role editor shows and changes them (SPEC §6 per-role project privileges):
// the projects it reaches, each with project-level keys. Pure, so it is tested alone.
//
// Staff see a project (with everything under it) only when one of their roles names it with at least one key:
// a project chosen without keys would be dropped by the server, so the editor never leaves one keyless.
import type { PrivilegeItem, ProjectNode } from '@svc/contracts';
import type { ProjectGrant } from '../api/role-grants-query';
import { buildPrivilegeTree, type PrivilegeNode } from './privilege-tree';

/** The menu whose subtree holds the project-level keys (the server's PROJECT_KEYS). */
export const PROJECT_MENU = 'project';

export interface KeyGroup {
  /** The menu or submenu heading the group. */
  key: string;
  /** The menu itself, then its own function points. */
  keys: string[];
}

/** The project-level keys the caller may grant, one group per menu or submenu under the project menu. */
export function projectKeyGroups(grantable: readonly PrivilegeItem[]): KeyGroup[] {
  const root = buildPrivilegeTree(grantable).find((n) => n.key === PROJECT_MENU);
  if (!root) return [];
  const groups: KeyGroup[] = [];
  const walk = (node: PrivilegeNode) => {
    const points = node.children.filter((c) => c.type === 'points').map((c) => c.key);
    groups.push({ key: node.key, keys: [node.key, ...points] });
    node.children.filter((c) => c.type !== 'points').forEach(walk);
  };
  walk(root);
  return groups;
}

/**
 * The keys a project gets when first chosen: the project menu and whatever project-level functions the
 * role already grants, so staff can do there what the role's functions say.
 */
export function defaultProjectKeys(roleKeys: readonly string[], groups: readonly KeyGroup[]): string[] {
  const offered = groups.flatMap((g) => g.keys);
  const held = new Set([PROJECT_MENU, ...roleKeys]);
  const keys = offered.filter((k) => held.has(k));
  return keys.length > 0 ? keys : offered.slice(0, 1);
}

/** Keys in the order the editor offers them (the catalogue's); keys it does not offer go last. */
export function inOfferedOrder(keys: readonly string[], groups: readonly KeyGroup[]): string[] {
  const rank = new Map(groups.flatMap((g) => g.keys).map((k, i) => [k, i]));
  const at = (k: string) => rank.get(k) ?? Number.MAX_SAFE_INTEGER;
  return [...keys].sort((a, b) => at(a) - at(b) || a.localeCompare(b));
}

export function toggleProject(
  grants: readonly ProjectGrant[],
  projectId: number,
  checked: boolean,
  defaults: readonly string[],
): ProjectGrant[] {
  const rest = grants.filter((g) => g.projectId !== projectId);
  return checked ? [...rest, { projectId, privilegeKeys: [...defaults] }] : rest;
}

export function setProjectKeys(grants: readonly ProjectGrant[], projectId: number, keys: readonly string[]) {
  return grants.map((g) => (g.projectId === projectId ? { projectId, privilegeKeys: [...keys] } : g));
}

/** Each node's titles from its root down, for naming a chosen sub-project or area in full. */
export function projectPaths(forest: readonly ProjectNode[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  const walk = (nodes: readonly ProjectNode[], above: string[]) => {
    for (const n of nodes) {
      const path = [...above, n.title];
      out.set(n.id, path);
      walk(n.children, path);
    }
  };
  walk(forest, []);
  return out;
}

/** Whether two sets of grants say the same, whatever their order. */
export function sameGrants(a: readonly ProjectGrant[], b: readonly ProjectGrant[]): boolean {
  const norm = (gs: readonly ProjectGrant[]) =>
    JSON.stringify(
      [...gs]
        .map((g) => [g.projectId, [...new Set(g.privilegeKeys)].sort()])
        .sort((x, y) => Number(x[0]) - Number(y[0])),
    );
  return norm(a) === norm(b);
}

export const sameKeys = (a: readonly string[], b: readonly string[]) =>
  [...new Set(a)].sort().join() === [...new Set(b)].sort().join();
