// SQL of roles, their privilege keys and their staff; every call is scoped to one enterprise.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { pageNewestFirst } from '../../db/paging.js';
import type { PageQuery } from '@svc/contracts';

type RoleRow = {
  id: number;
  role_name: string;
  remark: string | null;
  keys: string[] | null;
  employee_count: string | number;
};

function roleColumns(db: Db) {
  return db.selectFrom('role').select((eb) => [
    'role.id',
    'role.role_name',
    'role.remark',
    eb
      .selectFrom('role_privilege')
      .select(sql<string[]>`array_agg(privilege_key order by privilege_key)`.as('k'))
      .whereRef('role_privilege.role_id', '=', 'role.id')
      .as('keys'),
    eb
      .selectFrom('user_role')
      .select(sql<string>`count(*)`.as('n'))
      .whereRef('user_role.role_id', '=', 'role.id')
      .as('employee_count'),
  ]);
}

export const roleRepo = {
  list(db: Db, enterpriseId: number): Promise<RoleRow[]> {
    return roleColumns(db).where('role.enterprise_id', '=', enterpriseId).orderBy('role.id').execute() as Promise<
      RoleRow[]
    >;
  },

  get(db: Db, enterpriseId: number, id: number): Promise<RoleRow | undefined> {
    return roleColumns(db)
      .where('role.enterprise_id', '=', enterpriseId)
      .where('role.id', '=', id)
      .executeTakeFirst() as Promise<RoleRow | undefined>;
  },

  /** The ids among `ids` that are roles of the enterprise. */
  async existing(db: Db, enterpriseId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('role')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  },

  /**
   * What the given roles grant together: function-point keys, project-level keys by project path,
   * and video powers (SPEC §6 privilege model).
   */
  async grantsOf(
    db: Db,
    roleIds: number[],
  ): Promise<{ keys: Set<string>; projects: Map<string, Set<string>>; video: Set<string> }> {
    const out = { keys: new Set<string>(), projects: new Map<string, Set<string>>(), video: new Set<string>() };
    if (roleIds.length === 0) return out;
    const ids = [...new Set(roleIds)];
    const [keys, projects, video] = await Promise.all([
      db.selectFrom('role_privilege').select('privilege_key').distinct().where('role_id', 'in', ids).execute(),
      db
        .selectFrom('role_project_privilege')
        .innerJoin('project', 'project.id', 'role_project_privilege.project_id')
        .select(['project.path as path', 'role_project_privilege.privilege_key as key'])
        .distinct()
        .where('role_project_privilege.role_id', 'in', ids)
        .execute(),
      db.selectFrom('role_video_privilege').select('video_key').distinct().where('role_id', 'in', ids).execute(),
    ]);
    for (const r of keys) out.keys.add(r.privilege_key);
    for (const r of projects) out.projects.set(r.path, (out.projects.get(r.path) ?? new Set()).add(r.key));
    for (const r of video) out.video.add(r.video_key);
    return out;
  },

  async create(
    db: Db,
    enterpriseId: number,
    role: { roleName: string; remark: string | null; keys: string[] },
  ): Promise<number> {
    return db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('role')
        .values({ enterprise_id: enterpriseId, role_name: role.roleName, remark: role.remark })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (role.keys.length)
        await tx
          .insertInto('role_privilege')
          .values(role.keys.map((k) => ({ role_id: id, privilege_key: k })))
          .execute();
      return id;
    });
  },

  async update(
    db: Db,
    enterpriseId: number,
    id: number,
    role: { roleName: string; remark: string | null; keys: string[] },
  ): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('role')
        .set({ role_name: role.roleName, remark: role.remark, updated_at: sql`now()` })
        .where('enterprise_id', '=', enterpriseId)
        .where('id', '=', id)
        .execute();
      await tx.deleteFrom('role_privilege').where('role_id', '=', id).execute();
      if (role.keys.length)
        await tx
          .insertInto('role_privilege')
          .values(role.keys.map((k) => ({ role_id: id, privilege_key: k })))
          .execute();
    });
  },

  delete(db: Db, enterpriseId: number, id: number) {
    return db.deleteFrom('role').where('enterprise_id', '=', enterpriseId).where('id', '=', id).execute();
  },

  employeesPage(db: Db, enterpriseId: number, roleId: number, q: PageQuery) {
    const base = db
      .selectFrom('user')
      .innerJoin('user_role', 'user_role.user_id', 'user.id')
      .where('user.enterprise_id', '=', enterpriseId)
      .where('user_role.role_id', '=', roleId);
    return pageNewestFirst<{ id: number; login_name: string; name: string }>(db, base, 'user.id', q, (b) =>
      b.select(['user.id as id', 'user.login_name as login_name', 'user.name as name']),
    );
  },

  /** Every employee of the enterprise, each marked whether the role has it. */
  allEmployeesWithFlag(db: Db, enterpriseId: number, roleId: number) {
    return db
      .selectFrom('user')
      .leftJoin('user_role', (j) => j.onRef('user_role.user_id', '=', 'user.id').on('user_role.role_id', '=', roleId))
      .select([
        'user.id as id',
        'user.login_name as loginName',
        'user.name as name',
        sql<boolean>`user_role.role_id is not null`.as('inRole'),
      ])
      .where('user.enterprise_id', '=', enterpriseId)
      .where('user.login_mode', '=', 'sub')
      .orderBy('user.id')
      .execute();
  },

  async addEmployees(db: Db, roleId: number, userIds: number[]): Promise<void> {
    await db
      .insertInto('user_role')
      .values(userIds.map((u) => ({ user_id: u, role_id: roleId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  async removeEmployees(db: Db, roleId: number, userIds: number[]): Promise<void> {
    await db.deleteFrom('user_role').where('role_id', '=', roleId).where('user_id', 'in', userIds).execute();
  },

  /** Among `userIds`, those whose only role is `roleId`. */
  async onlyRoleOf(db: Db, roleId: number, userIds: number[]): Promise<number[]> {
    const rows = await db
      .selectFrom('user_role')
      .select('user_id')
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .having(sql<boolean>`bool_and(role_id = ${roleId})`)
      .execute();
    return rows.map((r) => r.user_id);
  },
};
