// SQL of staff (sub-account users) and departments; every call is scoped to one enterprise.
import { sql } from 'kysely';
import type { EmployeeQuery } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { pageNewestFirst } from '../../db/paging.js';
import { escapeLike } from '../enterprise/repo.js';

export type EmployeeRow = {
  id: number;
  login_name: string;
  name: string;
  mobile: string | null;
  email: string | null;
  status: number;
  group_id: number | null;
  group_name: string | null;
  department_id: number | null;
  department: string | null;
  created_at: Date;
};

function staff(db: Db, enterpriseId: number) {
  return db.selectFrom('user').where('user.enterprise_id', '=', enterpriseId).where('user.login_mode', '=', 'sub');
}

type StaffQuery = ReturnType<typeof staff>;

function employeeColumns(q: StaffQuery) {
  return q
    .leftJoin('device_group', 'device_group.id', 'user.group_id')
    .leftJoin('department', 'department.id', 'user.department_id')
    .select([
      'user.id as id',
      'user.login_name as login_name',
      'user.name as name',
      'user.mobile as mobile',
      'user.email as email',
      'user.status as status',
      'user.group_id as group_id',
      'device_group.name as group_name',
      'user.department_id as department_id',
      'department.name as department',
      'user.created_at as created_at',
    ]);
}

export const employeeRepo = {
  page(db: Db, enterpriseId: number, q: EmployeeQuery) {
    const base = staff(db, enterpriseId)
      .$if(q.name !== undefined, (b) => b.where('user.name', 'ilike', `%${escapeLike(q.name!)}%`))
      .$if(q.loginName !== undefined, (b) => b.where('user.login_name', 'ilike', `%${escapeLike(q.loginName!)}%`))
      .$if(q.status !== undefined, (b) => b.where('user.status', '=', q.status!))
      .$if(q.roleId !== undefined, (b) =>
        b.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('user_role')
              .select('user_role.user_id')
              .whereRef('user_role.user_id', '=', 'user.id')
              .where('user_role.role_id', '=', q.roleId!),
          ),
        ),
      )
      .$if(q.department !== undefined, (b) =>
        b.where('user.department_id', 'in', (eb) =>
          eb
            .selectFrom('department')
            .select('id')
            .where('enterprise_id', '=', enterpriseId)
            .where('name', '=', q.department!),
        ),
      );
    return pageNewestFirst<EmployeeRow>(db, base, 'user.id', q, (b) => employeeColumns(b as StaffQuery));
  },

  get(db: Db, enterpriseId: number, id: number): Promise<EmployeeRow | undefined> {
    return employeeColumns(staff(db, enterpriseId).where('user.id', '=', id)).executeTakeFirst();
  },

  byDepartment(db: Db, enterpriseId: number, departmentId: number): Promise<EmployeeRow[]> {
    return employeeColumns(staff(db, enterpriseId).where('user.department_id', '=', departmentId))
      .orderBy('user.id')
      .execute();
  },

  /** Roles of the given staff, keyed by user id. */
  async rolesOf(db: Db, userIds: number[]): Promise<Map<number, { id: number; roleName: string }[]>> {
    const out = new Map<number, { id: number; roleName: string }[]>();
    if (userIds.length === 0) return out;
    const rows = await db
      .selectFrom('user_role')
      .innerJoin('role', 'role.id', 'user_role.role_id')
      .select(['user_role.user_id as userId', 'role.id as id', 'role.role_name as roleName'])
      .where('user_role.user_id', 'in', userIds)
      .orderBy('role.id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.userId) ?? [];
      list.push({ id: r.id, roleName: r.roleName });
      out.set(r.userId, list);
    }
    return out;
  },

  /** Staff among `ids` with what decides their reach besides their roles' grants. */
  async reachRows(
    db: Db,
    enterpriseId: number,
    ids: number[],
  ): Promise<{ id: number; groupId: number | null; bypass: boolean; roleIds: number[] }[]> {
    if (ids.length === 0) return [];
    const rows = await staff(db, enterpriseId)
      .leftJoin('user_role', 'user_role.user_id', 'user.id')
      .select([
        'user.id as id',
        'user.group_id as groupId',
        'user.is_super_admin as superAdmin',
        'user.is_cloud_account as cloudAccount',
        'user_role.role_id as roleId',
      ])
      .where('user.id', 'in', ids)
      .execute();
    const out = new Map<number, { id: number; groupId: number | null; bypass: boolean; roleIds: number[] }>();
    for (const r of rows) {
      const user = out.get(r.id) ?? {
        id: r.id,
        groupId: r.groupId,
        bypass: r.superAdmin || r.cloudAccount,
        roleIds: [],
      };
      if (r.roleId !== null) user.roleIds.push(r.roleId);
      out.set(r.id, user);
    }
    return [...out.values()];
  },

  /** The ids among `ids` that are staff of the enterprise. */
  async existing(db: Db, enterpriseId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await staff(db, enterpriseId).select('user.id').where('user.id', 'in', ids).execute();
    return rows.map((r) => r.id);
  },

  async departmentId(db: Db, enterpriseId: number, name: string | undefined | null): Promise<number | null> {
    if (!name) return null;
    const row = await db
      .insertInto('department')
      .values({ enterprise_id: enterpriseId, name })
      .onConflict((oc) => oc.constraint('department_name').doUpdateSet({ name }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  departments(db: Db, enterpriseId: number) {
    return db
      .selectFrom('department')
      .select((eb) => [
        'department.id as id',
        'department.name as name',
        eb
          .selectFrom('user')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('user.department_id', '=', 'department.id')
          .as('employeeCount'),
      ])
      .where('department.enterprise_id', '=', enterpriseId)
      .orderBy('department.name')
      .execute();
  },

  async insert(
    db: Db,
    enterpriseId: number,
    e: {
      loginName: string;
      name: string;
      passwordHash: string;
      mobile: string | null;
      email: string | null;
      groupId: number | null;
      departmentId: number | null;
      roleIds: number[];
    },
  ): Promise<number> {
    return db.transaction().execute(async (tx) => {
      const { id } = await tx
        .insertInto('user')
        .values({
          enterprise_id: enterpriseId,
          login_name: e.loginName,
          name: e.name,
          login_mode: 'sub',
          password_hash: e.passwordHash,
          mobile: e.mobile,
          email: e.email,
          group_id: e.groupId,
          department_id: e.departmentId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('user_role')
        .values(e.roleIds.map((r) => ({ user_id: id, role_id: r })))
        .execute();
      return id;
    });
  },

  update(
    db: Db,
    enterpriseId: number,
    id: number,
    e: {
      name: string;
      mobile: string | null;
      email: string | null;
      groupId: number | null;
      departmentId: number | null;
    },
  ) {
    return db
      .updateTable('user')
      .set({
        name: e.name,
        mobile: e.mobile,
        email: e.email,
        group_id: e.groupId,
        department_id: e.departmentId,
        updated_at: sql`now()`,
      })
      .where('enterprise_id', '=', enterpriseId)
      .where('login_mode', '=', 'sub')
      .where('id', '=', id)
      .execute();
  },

  async setRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('user_role').where('user_id', '=', userId).execute();
      await tx
        .insertInto('user_role')
        .values(roleIds.map((r) => ({ user_id: userId, role_id: r })))
        .execute();
    });
  },

  async setStatus(db: Db, enterpriseId: number, ids: number[], status: 0 | 1): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('user')
        .set({ status, updated_at: sql`now()` })
        .where('enterprise_id', '=', enterpriseId)
        .where('login_mode', '=', 'sub')
        .where('id', 'in', ids)
        .execute();
      // A disabled employee's sessions end at once.
      if (status === 0) await tx.deleteFrom('session').where('user_id', 'in', ids).execute();
    });
  },

  delete(db: Db, enterpriseId: number, id: number) {
    return db
      .deleteFrom('user')
      .where('enterprise_id', '=', enterpriseId)
      .where('login_mode', '=', 'sub')
      .where('id', '=', id)
      .execute();
  },

  /** Profile fields a user may change on their own account. */
  updateOwnProfile(db: Db, userId: number, p: { name: string; mobile: string | null; email: string | null }) {
    return db
      .updateTable('user')
      .set({ name: p.name, mobile: p.mobile, email: p.email, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
  },
};
