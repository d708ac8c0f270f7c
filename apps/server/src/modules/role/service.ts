// Roles (SPEC §6, §7 /api/role): privilege keys and staff. Nobody but a super administrator or a
// cloud account grants what they do not hold or touches a role or a person reaching beyond their
// own (reach.ts), and no role carries a reserved key.
import { PRIVILEGE_CATALOGUE, PRIVILEGE_KEYS, RESERVED_KEYS, type PageQuery, type Role } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { employeeRepo } from '../employee/repo.js';
import type { SessionCache } from '../session/cache.js';
import { checkActOn, checkHandOut, grantableKeys } from './reach.js';
import { roleRepo } from './repo.js';

const PARENT = new Map(PRIVILEGE_CATALOGUE.map((p) => [p.key, p.parentKey]));

/** Checks keys and adds their ancestors: a function point without its menu would show nothing. */
export function normaliseKeys(caller: Principal, keys: string[]): string[] {
  const out = new Set<string>();
  for (const key of keys) {
    if (!PRIVILEGE_KEYS.has(key)) throw AppError.param('privilegeKeys', 'role.unknownKey', { key });
    if (RESERVED_KEYS.has(key)) throw AppError.param('privilegeKeys', 'role.reservedKey', { key });
    for (let k: string | null | undefined = key; k; k = PARENT.get(k)) out.add(k);
  }
  const grantable = grantableKeys(caller);
  for (const key of out)
    if (!grantable.has(key)) throw new AppError(4117, { messageKey: 'role.beyondOwn', params: { key } });
  return [...out].sort();
}

export type RoleDeps = { db: Db; sessionCache: SessionCache };

export function createRoleService({ db, sessionCache }: RoleDeps) {
  const toRole = (r: {
    id: number;
    role_name: string;
    remark: string | null;
    keys: string[] | null;
    employee_count: string | number;
  }): Role => ({
    id: r.id,
    roleName: r.role_name,
    remark: r.remark,
    privilegeKeys: r.keys ?? [],
    employeeCount: Number(r.employee_count),
  });

  async function existing(caller: Principal, id: number) {
    const role = await roleRepo.get(db, caller.enterpriseId, id);
    if (!role) throw new AppError(404);
    return role;
  }

  /** Staff whose roles the caller changes: not the caller, and none reaching beyond the caller. */
  async function staffIds(caller: Principal, ids: number[]): Promise<number[]> {
    if (ids.includes(caller.userId)) throw new AppError(4117, { messageKey: 'employee.self' });
    return [...(await checkActOn(db, caller, ids)).keys()];
  }

  const uniqueName = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err, 'role_name_unique')) throw new AppError(409, { messageKey: 'conflict.roleName' });
      throw err;
    }
  };

  // Any change to a role's keys or staff changes sessions of the enterprise: drop them from the cache.
  const changed = (caller: Principal) => sessionCache.evictEnterprise(caller.enterpriseId);

  return {
    async getAll(caller: Principal): Promise<Role[]> {
      return (await roleRepo.list(db, caller.enterpriseId)).map(toRole);
    },

    async get(caller: Principal, id: number): Promise<Role> {
      return toRole(await existing(caller, id));
    },

    async add(caller: Principal, input: { roleName: string; remark?: string | undefined; privilegeKeys: string[] }) {
      const keys = normaliseKeys(caller, input.privilegeKeys);
      return uniqueName(async () => ({
        id: await roleRepo.create(db, caller.enterpriseId, {
          roleName: input.roleName,
          remark: input.remark ?? null,
          keys,
        }),
      }));
    },

    async update(
      caller: Principal,
      input: { id: number; roleName: string; remark?: string | undefined; privilegeKeys: string[] },
    ) {
      const role = await existing(caller, input.id);
      await checkHandOut(db, caller, [role.id]);
      const keys = normaliseKeys(caller, input.privilegeKeys);
      await uniqueName(() =>
        roleRepo.update(db, caller.enterpriseId, input.id, {
          roleName: input.roleName,
          remark: input.remark ?? null,
          keys,
        }),
      );
      changed(caller);
    },

    async copy(caller: Principal, id: number, roleName: string) {
      const role = await existing(caller, id);
      await checkHandOut(db, caller, [role.id]);
      return uniqueName(async () => ({
        id: await roleRepo.create(db, caller.enterpriseId, { roleName, remark: role.remark, keys: role.keys ?? [] }),
      }));
    },

    async delete(caller: Principal, id: number) {
      const role = await existing(caller, id);
      if (Number(role.employee_count) > 0) throw new AppError(409, { messageKey: 'role.inUse' });
      await roleRepo.delete(db, caller.enterpriseId, id);
    },

    async rolesOfEmployee(caller: Principal, employeeId: number) {
      if (!(await employeeRepo.existing(db, caller.enterpriseId, [employeeId])).length) throw new AppError(404);
      return (await employeeRepo.rolesOf(db, [employeeId])).get(employeeId) ?? [];
    },

    async employees(caller: Principal, roleId: number, q: PageQuery) {
      await existing(caller, roleId);
      const page = await roleRepo.employeesPage(db, caller.enterpriseId, roleId, q);
      return {
        ...page,
        list: page.list.map((e) => ({ id: e.id, loginName: e.login_name, name: e.name, inRole: true })),
      };
    },

    async allEmployees(caller: Principal, roleId: number) {
      await existing(caller, roleId);
      return roleRepo.allEmployeesWithFlag(db, caller.enterpriseId, roleId);
    },

    async addEmployees(caller: Principal, roleId: number, employeeIds: number[]) {
      const role = await existing(caller, roleId);
      await checkHandOut(db, caller, [role.id]);
      await roleRepo.addEmployees(db, roleId, await staffIds(caller, employeeIds));
      changed(caller);
    },

    async removeEmployees(caller: Principal, roleId: number, employeeIds: number[]) {
      const role = await existing(caller, roleId);
      await checkHandOut(db, caller, [role.id]);
      const ids = await staffIds(caller, employeeIds);
      // Staff need at least one role (SPEC §6): this must not be anyone's last.
      if ((await roleRepo.onlyRoleOf(db, roleId, ids)).length)
        throw new AppError(409, { messageKey: 'employee.needsRole' });
      await roleRepo.removeEmployees(db, roleId, ids);
      changed(caller);
    },
  };
}
export type RoleService = ReturnType<typeof createRoleService>;
