// The project tree (SPEC §2 tree panel, §3 Project, §4 Project deletion, §5 rules, §7 /api/project):
// projects nest sub-projects and monitoring areas to any depth; devices hang on any node.
import { PRIVILEGE_CATALOGUE, TREE_DEVICES_INLINE, type ProjectNode } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { holds, type Principal } from '../../http/auth.js';
import type { FileService } from '../file/service.js';
import { activityRepo } from '../activity/repo.js';
import { projectRepo, type ProjectRow } from './repo.js';
import { holdsOnProject, scopeOf, type Scope } from './scope.js';

/** Keys that act on projects and what hangs on them: the catalogue under the project menu. */
const PROJECT_KEYS = (() => {
  const parent = new Map(PRIVILEGE_CATALOGUE.map((p) => [p.key, p.parentKey]));
  const rootOf = (k: string): string => (parent.get(k) ? rootOf(parent.get(k)!) : k);
  return PRIVILEGE_CATALOGUE.filter((p) => rootOf(p.key) === 'project').map((p) => p.key);
})();

const FILE_URL = /^\/api\/file\/(\d+)$/;

export type ProjectDeps = { db: Db; files: FileService };

export function createProjectService({ db, files }: ProjectDeps) {
  async function existing(scope: Scope, id: number): Promise<ProjectRow> {
    const row = await projectRepo.get(db, scope, id);
    if (!row) throw new AppError(404);
    return row;
  }

  /** A logo is an image the enterprise uploaded, named by its url (never an outside address). */
  async function checkLogo(caller: Principal, url: string): Promise<string> {
    const id = FILE_URL.exec(url)?.[1];
    if (!id || !(await files.isOwnImage(caller, Number(id)))) throw AppError.param('proLogo', 'project.logoRequired');
    return url;
  }

  /** SPEC §5: a project needs its logo; a monitoring area may go without (the tree shows a default icon). */
  async function logoFor(caller: Principal, kind: 'project' | 'area', url: string | null | undefined) {
    if (url) return checkLogo(caller, url);
    if (kind === 'project') throw AppError.param('proLogo', 'project.logoRequired');
    return null;
  }

  /** Names are unique among the children of one parent (checked under the parent's lock, see lockChildren). */
  async function uniqueAmongSiblings(
    tx: Db,
    enterpriseId: number,
    parentId: number | null,
    name: string,
    self?: number,
  ) {
    await projectRepo.lockChildren(tx, enterpriseId, parentId);
    if (await projectRepo.childNamed(tx, enterpriseId, parentId, name, self))
      throw new AppError(409, { messageKey: 'conflict.projectName', params: { name }, data: { field: 'proName' } });
  }

  function privilegesAt(caller: Principal, scope: Scope, path: string): { key: string }[] {
    return PROJECT_KEYS.filter((k) => holdsOnProject(caller, scope, path, k)).map((key) => ({ key }));
  }

  return {
    async add(
      caller: Principal,
      input: {
        proName: string;
        proLogo?: string | undefined;
        parentId?: number | null | undefined;
        kind: 'project' | 'area';
      },
    ) {
      const scope = await scopeOf(db, caller);
      const parent = input.parentId ? await existing(scope, input.parentId) : null;
      if (parent ? !holdsOnProject(caller, scope, parent.path, 'project-add') : !holds(caller, 'project-add'))
        throw new AppError(4117);
      if (parent?.kind === 'area' && input.kind === 'project') throw AppError.param('parentId', 'project.underArea');
      const logoUrl = await logoFor(caller, input.kind, input.proLogo);
      const id = await db.transaction().execute(async (tx) => {
        await uniqueAmongSiblings(tx, caller.enterpriseId, parent?.id ?? null, input.proName);
        return projectRepo.insert(tx, caller.enterpriseId, { parent, kind: input.kind, name: input.proName, logoUrl });
      });
      await activityRepo.record(db, [
        {
          enterpriseId: caller.enterpriseId,
          kind: 'project.added',
          subject: input.proName,
          projectId: id,
          projectName: parent?.name ?? null,
          actor: caller.loginName,
        },
      ]);
      return { id };
    },

    async update(caller: Principal, input: { id: number; proName: string; proLogo?: string | null | undefined }) {
      const scope = await scopeOf(db, caller);
      const node = await existing(scope, input.id);
      if (!holdsOnProject(caller, scope, node.path, 'project-edit')) throw new AppError(4117);
      const logoUrl = input.proLogo === undefined ? node.logo_url : await logoFor(caller, node.kind, input.proLogo);
      if (node.kind === 'project' && !logoUrl) throw AppError.param('proLogo', 'project.logoRequired');
      await db.transaction().execute(async (tx) => {
        await uniqueAmongSiblings(tx, caller.enterpriseId, node.parent_id, input.proName, node.id);
        await projectRepo.update(tx, caller.enterpriseId, node.id, { name: input.proName, logoUrl });
      });
    },

    /** Deletes nodes with their (empty) sub-projects and areas; refuses any subtree holding a device. */
    async delete(caller: Principal, ids: number[]) {
      const scope = await scopeOf(db, caller);
      const nodes = await Promise.all([...new Set(ids)].map((id) => existing(scope, id)));
      for (const node of nodes) {
        if (!holdsOnProject(caller, scope, node.path, 'project-delete')) throw new AppError(4117);
        if (await projectRepo.subtreeHasDevices(db, caller.enterpriseId, node.path))
          throw new AppError(409, { messageKey: 'project.hasChildren' });
      }
      for (const node of nodes) await projectRepo.deleteSubtree(db, caller.enterpriseId, node.path);
      await activityRepo.record(
        db,
        nodes.map((node) => ({
          enterpriseId: caller.enterpriseId,
          kind: 'project.deleted' as const,
          subject: node.name,
          projectId: node.parent_id,
          projectName: null,
          actor: caller.loginName,
        })),
      );
    },

    /** The forest the caller sees: granted subtrees become roots of their own. */
    async mine(caller: Principal): Promise<ProjectNode[]> {
      const scope = await scopeOf(db, caller);
      const rows = await projectRepo.list(db, scope);
      const { groupCounts, devices } = await projectRepo.devicesForTree(
        db,
        scope,
        rows.map((r) => r.id),
        TREE_DEVICES_INLINE,
      );
      const nodes = new Map<number, ProjectNode>();
      for (const r of rows) {
        const own = groupCounts ? (groupCounts.get(r.id) ?? 0) : r.device_count;
        nodes.set(r.id, {
          id: r.id,
          title: r.name,
          proName: r.name,
          proLogo: r.logo_url,
          kind: r.kind,
          parentId: r.parent_id,
          parentRootId: r.root_id ?? r.id,
          projectVirtualUuid: r.virtual_uuid,
          privileges: privilegesAt(caller, scope, r.path),
          modules: r.modules,
          deviceCount: own,
          moreShow: own > TREE_DEVICES_INLINE,
          deviceVOS: [],
          children: [],
        });
      }
      for (const d of devices) {
        nodes.get(d.projectId)?.deviceVOS.push({
          id: d.id,
          uuid: d.uuid,
          sn: d.sn,
          devName: d.devName,
          devType: d.devType,
          statusLive: d.statusLive,
          vehicle: d.vehicle,
        });
      }
      const roots: ProjectNode[] = [];
      // Rows come in path order: a parent is always placed before its children.
      for (const r of rows) {
        const node = nodes.get(r.id)!;
        const parent = r.parent_id !== null ? nodes.get(r.parent_id) : undefined;
        if (parent) parent.children.push(node);
        else roots.push(node);
      }
      // deviceCount covers the node and everything below it.
      const total = (n: ProjectNode): number => (n.deviceCount += n.children.reduce((sum, c) => sum + total(c), 0));
      roots.forEach(total);
      return roots;
    },
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
