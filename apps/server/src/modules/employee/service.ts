// Staff of an enterprise (SPEC §3 employee, §4 status, §5 rules, §6 roles, §7 /api/employee).
// Staff are the enterprise's sub-accounts; what a caller hands out never exceeds what it holds.
import {
  passwordProblem,
  type AddEmployee,
  type Employee,
  type EmployeeQuery,
  type UpdateEmployee,
} from '@svc/contracts';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { generatePassword } from '../../bootstrap.js';
import { groupRepo } from '../group/repo.js';
import { roleRepo } from '../role/repo.js';
import { grantableKeys } from '../role/service.js';
import type { SessionCache } from '../session/cache.js';
import { hashPassword, type PasswordCipher } from '../session/passwords.js';
import { sessionRepo, userRepo } from '../session/repo.js';
import { employeeRepo, type EmployeeRow } from './repo.js';

export type EmployeeDeps = { db: Db; clock: Clock; cipher: PasswordCipher; sessionCache: SessionCache };

export function createEmployeeService({ db, clock, cipher, sessionCache }: EmployeeDeps) {
  const toEmployee = (r: EmployeeRow, roles: { id: number; roleName: string }[]): Employee => ({
    id: r.id,
    loginName: r.login_name,
    name: r.name,
    mobile: r.mobile,
    email: r.email,
    status: r.status as 0 | 1,
    roles,
    groupId: r.group_id,
    groupName: r.group_name,
    department: r.department,
    departmentId: r.department_id,
    createdAt: r.created_at.toISOString(),
  });

  async function existing(caller: Principal, id: number): Promise<EmployeeRow> {
    const row = await employeeRepo.get(db, caller.enterpriseId, id);
    if (!row) throw new AppError(404);
    return row;
  }

  function notSelf(caller: Principal, ids: number[]) {
    if (ids.includes(caller.userId)) throw new AppError(4117, { messageKey: 'employee.self' });
  }

  /** Roles must be the enterprise's and grant nothing beyond the caller's own keys. */
  async function checkRoles(caller: Principal, roleIds: number[]): Promise<number[]> {
    const unique = [...new Set(roleIds)];
    const found = await roleRepo.existing(db, caller.enterpriseId, unique);
    if (found.length !== unique.length) throw AppError.param('roleIds', 'validation.invalid');
    const grantable = grantableKeys(caller);
    const beyond = [...(await roleRepo.keysOf(db, found))].find((k) => !grantable.has(k));
    if (beyond) throw new AppError(4117, { messageKey: 'role.beyondOwn', params: { key: beyond } });
    return found;
  }

  async function checkGroup(caller: Principal, groupId: number | null | undefined): Promise<number | null> {
    if (groupId == null) return null;
    if (!(await groupRepo.get(db, caller.enterpriseId, groupId))) throw AppError.param('groupId', 'validation.invalid');
    return groupId;
  }

  function plainPassword(field: string, cipherText: string): string {
    const password = cipher.decrypt(field, cipherText);
    const problem = passwordProblem(password);
    if (problem) throw AppError.param(field, problem);
    return password;
  }

  async function endSessions(userIds: number[]) {
    for (const id of userIds) {
      await sessionRepo.deleteForUser(db, id);
      sessionCache.evictUser(id);
    }
  }

  const service = {
    async query(caller: Principal, q: EmployeeQuery) {
      const page = await employeeRepo.page(db, caller.enterpriseId, q);
      const roles = await employeeRepo.rolesOf(
        db,
        page.list.map((r) => r.id),
      );
      return { ...page, list: page.list.map((r) => toEmployee(r, roles.get(r.id) ?? [])) };
    },

    async queryById(caller: Principal, id: number): Promise<Employee> {
      const row = await existing(caller, id);
      return toEmployee(row, (await employeeRepo.rolesOf(db, [id])).get(id) ?? []);
    },

    async listByDepartment(caller: Principal, departmentId: number): Promise<Employee[]> {
      const rows = await employeeRepo.byDepartment(db, caller.enterpriseId, departmentId);
      const roles = await employeeRepo.rolesOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toEmployee(r, roles.get(r.id) ?? []));
    },

    async departments(caller: Principal) {
      return (await employeeRepo.departments(db, caller.enterpriseId)).map((d) => ({
        ...d,
        employeeCount: Number(d.employeeCount),
      }));
    },

    /** Adds one employee from checked fields; `password` is plain here (decrypted or from an import file). */
    async create(caller: Principal, e: Omit<AddEmployee, 'password'> & { password: string }): Promise<{ id: number }> {
      const roleIds = await checkRoles(caller, e.roleIds);
      const groupId = await checkGroup(caller, e.groupId);
      try {
        const id = await employeeRepo.insert(db, caller.enterpriseId, {
          loginName: e.loginName,
          name: e.name,
          passwordHash: await hashPassword(e.password),
          mobile: e.mobile ?? null,
          email: e.email ?? null,
          groupId,
          departmentId: await employeeRepo.departmentId(db, caller.enterpriseId, e.department),
          roleIds,
        });
        return { id };
      } catch (err) {
        if (isUniqueViolation(err, 'user_login_name')) throw new AppError(409, { messageKey: 'conflict.loginName' });
        throw err;
      }
    },

    async add(caller: Principal, input: AddEmployee): Promise<{ id: number }> {
      return service.create(caller, { ...input, password: plainPassword('password', input.password) });
    },

    async update(caller: Principal, input: UpdateEmployee): Promise<void> {
      await existing(caller, input.id);
      await employeeRepo.update(db, caller.enterpriseId, input.id, {
        name: input.name,
        mobile: input.mobile ?? null,
        email: input.email ?? null,
        groupId: await checkGroup(caller, input.groupId),
        departmentId: await employeeRepo.departmentId(db, caller.enterpriseId, input.department),
      });
      sessionCache.evictUser(input.id);
    },

    async updateRoles(caller: Principal, id: number, roleIds: number[]): Promise<void> {
      notSelf(caller, [id]);
      await existing(caller, id);
      // Taking roles away is handing out too: the employee's current roles must be within reach.
      await checkRoles(caller, (await employeeRepo.rolesOf(db, [id])).get(id)?.map((r) => r.id) ?? []);
      await employeeRepo.setRoles(db, id, await checkRoles(caller, roleIds));
      sessionCache.evictUser(id);
    },

    async updatePassword(caller: Principal, id: number, cipherText: string): Promise<void> {
      await existing(caller, id);
      const password = plainPassword('password', cipherText);
      await userRepo.setPassword(db, id, await hashPassword(password), clock.now());
      await endSessions([id]);
    },

    /** Sets a generated password, ends the employee's sessions, and answers the password once. */
    async resetPassword(caller: Principal, id: number): Promise<{ password: string }> {
      await existing(caller, id);
      const password = generatePassword();
      await userRepo.setPassword(db, id, await hashPassword(password), clock.now());
      await endSessions([id]);
      return { password };
    },

    async setStatus(caller: Principal, ids: number[], status: 0 | 1): Promise<void> {
      notSelf(caller, ids);
      const unique = [...new Set(ids)];
      if ((await employeeRepo.existing(db, caller.enterpriseId, unique)).length !== unique.length)
        throw new AppError(404);
      await employeeRepo.setStatus(db, caller.enterpriseId, unique, status);
      for (const id of unique) sessionCache.evictUser(id);
    },

    async delete(caller: Principal, id: number): Promise<void> {
      notSelf(caller, [id]);
      await existing(caller, id);
      await employeeRepo.delete(db, caller.enterpriseId, id);
      sessionCache.evictUser(id);
    },

    /** The signed-in user's own name, mobile and email (personal info page). */
    async updateOwnProfile(
      caller: Principal,
      p: { id: number; name: string; mobile?: string | undefined; email?: string | undefined },
    ) {
      if (p.id !== caller.userId) throw new AppError(4117);
      await employeeRepo.updateOwnProfile(db, caller.userId, {
        name: p.name,
        mobile: p.mobile ?? null,
        email: p.email ?? null,
      });
      sessionCache.evictUser(caller.userId);
    },
  };
  return service;
}
export type EmployeeService = ReturnType<typeof createEmployeeService>;
