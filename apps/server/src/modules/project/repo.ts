// SQL of the project tree: nodes by materialised path, scoped to what the caller sees.
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Scope } from './scope.js';

export type ProjectRow = {
  id: number;
  parent_id: number | null;
  root_id: number | null;
  path: string;
  kind: 'project' | 'area';
  name: string;
  logo_url: string | null;
  virtual_uuid: string;
  modules: string[];
  device_count: number;
};

const PROJECT_COLUMNS = [
  'id',
  'parent_id',
  'root_id',
  'path',
  'kind',
  'name',
  'logo_url',
  'virtual_uuid',
  'modules',
  'device_count',
] as const;

/** Limits a query on `project` to the scope's subtrees. */
export function inScopeProjects<O>(q: SelectQueryBuilder<Database, 'project', O>, scope: Scope) {
  const scoped = q.where('project.enterprise_id', '=', scope.enterpriseId);
  if (scope.paths === null) return scoped;
  if (scope.paths.length === 0) return scoped.where(sql<boolean>`false`);
  return scoped.where((eb) => eb.or(scope.paths!.map((p) => eb('project.path', 'like', `${p}%`))));
}

export const projectRepo = {
  list(db: Db, scope: Scope): Promise<ProjectRow[]> {
    return inScopeProjects(db.selectFrom('project'), scope)
      .select(PROJECT_COLUMNS)
      .orderBy('path')
      .execute() as Promise<ProjectRow[]>;
  },

  get(db: Db, scope: Scope, id: number): Promise<ProjectRow | undefined> {
    return inScopeProjects(db.selectFrom('project'), scope)
      .select(PROJECT_COLUMNS)
      .where('project.id', '=', id)
      .executeTakeFirst() as Promise<ProjectRow | undefined>;
  },

  /** Paths of the enterprise's projects among `ids`, by id; ids of no such project are left out. */
  async pathsOf(db: Db, enterpriseId: number, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('project')
      .select(['id', 'path'])
      .where('enterprise_id', '=', enterpriseId)
      .where(sql<boolean>`id = any(${[...new Set(ids)]}::bigint[])`)
      .execute();
    return new Map(rows.map((r) => [r.id, r.path]));
  },

  /** Whether the scope takes in every project of its enterprise. */
  async coversAll(db: Db, scope: Scope): Promise<boolean> {
    if (scope.paths === null) return true;
    const outside = await db
      .selectFrom('project')
      .select('id')
      .where('enterprise_id', '=', scope.enterpriseId)
      .$if(scope.paths.length > 0, (q) =>
        q.where((eb) => eb.not(eb.or(scope.paths!.map((p) => eb('project.path', 'like', `${p}%`))))),
      )
      .limit(1)
      .executeTakeFirst();
    return outside === undefined;
  },

  /**
   * Holds back other additions and renames under the same parent until the transaction ends, so two
   * at once cannot both find a name free: the parent's row is locked, or the enterprise's for
   * top-level projects.
   */
  async lockChildren(tx: Db, enterpriseId: number, parentId: number | null): Promise<void> {
    if (parentId === null) {
      await tx.selectFrom('enterprise').select('id').where('id', '=', enterpriseId).forUpdate().execute();
    } else {
      await tx
        .selectFrom('project')
        .select('id')
        .where('enterprise_id', '=', enterpriseId)
        .where('id', '=', parentId)
        .forUpdate()
        .execute();
    }
  },

  /** Whether a child of the parent (none: top level), other than `exceptId`, already has the name. */
  async childNamed(
    db: Db,
    enterpriseId: number,
    parentId: number | null,
    name: string,
    exceptId?: number,
  ): Promise<boolean> {
    const row = await db
      .selectFrom('project')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .where('name', '=', name)
      .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Inserts a node; `tx` is the caller's transaction (the path needs the new id, so two statements). */
  async insert(
    tx: Db,
    enterpriseId: number,
    node: { parent: ProjectRow | null; kind: 'project' | 'area'; name: string; logoUrl: string | null },
  ): Promise<number> {
    const { id } = await tx
      .insertInto('project')
      .values({
        enterprise_id: enterpriseId,
        parent_id: node.parent?.id ?? null,
        root_id: node.parent ? (node.parent.root_id ?? node.parent.id) : null,
        path: '/',
        kind: node.kind,
        name: node.name,
        logo_url: node.logoUrl,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .updateTable('project')
      .set({
        path: `${node.parent?.path ?? '/'}${id}/`,
        root_id: node.parent ? (node.parent.root_id ?? node.parent.id) : id,
      })
      .where('id', '=', id)
      .execute();
    return id;
  },

  update(db: Db, enterpriseId: number, id: number, p: { name: string; logoUrl: string | null }) {
    return db
      .updateTable('project')
      .set({ name: p.name, logo_url: p.logoUrl })
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .execute();
  },

  /** Whether any device hangs anywhere in the subtree. */
  async subtreeHasDevices(db: Db, enterpriseId: number, path: string): Promise<boolean> {
    const row = await db
      .selectFrom('device')
      .innerJoin('project', 'project.id', 'device.project_id')
      .select('device.id')
      .where('project.enterprise_id', '=', enterpriseId)
      .where('project.path', 'like', `${path}%`)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Deletes a node with everything under it, in one statement (the parent links go together). */
  deleteSubtree(db: Db, enterpriseId: number, path: string) {
    return db
      .deleteFrom('project')
      .where('enterprise_id', '=', enterpriseId)
      .where('path', 'like', `${path}%`)
      .execute();
  },

  /**
   * The first `inline` devices of each project by name: one index seek per project, not a sort of
   * all. The ids travel as one array parameter: a thousand-item IN list costs planning time. The
   * device counts come with the project rows (kept by triggers), except for a staff member limited
   * to a device group, whose counts are of that group's devices and are counted here.
   */
  async devicesForTree(db: Db, scope: Scope, projectIds: number[], inline: number) {
    if (projectIds.length === 0) return { groupCounts: null, devices: [] };
    const group = scope.groupId;
    const inGroup = <Q extends SelectQueryBuilder<Database, 'device', object>>(q: Q) =>
      group === null
        ? q
        : (q.where('device.id', 'in', (eb) =>
            eb.selectFrom('group_device').select('device_id').where('group_id', '=', group),
          ) as Q);
    const groupCounts =
      group === null
        ? null
        : new Map(
            (
              await inGroup(
                db
                  .selectFrom('device')
                  .where('device.enterprise_id', '=', scope.enterpriseId)
                  .where(sql<boolean>`device.project_id = any(${projectIds}::bigint[])`),
              )
                .select(['device.project_id as projectId', sql<string>`count(*)`.as('n')])
                .groupBy('device.project_id')
                .execute()
            ).map((c) => [c.projectId, Number(c.n)]),
          );
    const devices = await db
      .selectFrom('project')
      .innerJoinLateral(
        (eb) =>
          inGroup(eb.selectFrom('device').whereRef('device.project_id', '=', 'project.id'))
            .select([
              'device.id as id',
              'device.uuid as uuid',
              'device.sn as sn',
              'device.dev_name as devName',
              'device.dev_type as devType',
              'device.status as statusLive',
              'device.vehicle as vehicle',
            ])
            .orderBy('device.dev_name')
            .orderBy('device.id')
            .limit(inline)
            .as('d'),
        (join) => join.onTrue(),
      )
      .select([
        'project.id as projectId',
        'd.id',
        'd.uuid',
        'd.sn',
        'd.devName',
        'd.devType',
        'd.statusLive',
        'd.vehicle',
      ])
      .where('project.enterprise_id', '=', scope.enterpriseId)
      .where(sql<boolean>`project.id = any(${projectIds}::bigint[])`)
      .execute();
    return { groupCounts, devices };
  },
};
