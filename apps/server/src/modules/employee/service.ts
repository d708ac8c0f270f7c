// Staff of an enterprise (SPEC §3 employee, §4 status, §5 rules, §6 roles, §7 /api/employee).
// Staff are the enterprise's sub-accounts; what a caller hands out never exceeds what it holds, and
// nobody acts on a colleague reaching beyond them (role/reach.ts).
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
import { checkActOn, checkHandOut } from '../role/reach.js';
import { roleRepo } from '../role/repo.js';
import type { SessionCache } from '../session/cache.js';
import { hashPassword, type PasswordCipher } from '../session/passwords.js';
import { sessionRepo, signInGuardRepo, userRepo } from '../session/repo.js';
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

  /** Roles must be the enterprise's and, with the group, grant nothing beyond the caller's own. */
  async function checkRoles(caller: Principal, roleIds: number[], groupId: number | null): Promise<number[]> {
    const unique = [...new Set(roleIds)];
    const found = await roleRepo.existing(db, caller.enterpriseId, unique);
    if (found.length !== unique.length) throw AppError.param('roleIds', 'validation.invalid');
    await checkHandOut(db, caller, found, groupId);
    return found;
  }

  /** The one employee acted on: there (404), not beyond the caller (4117). */
  async function target(caller: Principal, id: number) {
    return (await checkActOn(db, caller, [id])).get(id)!;
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
      const groupId = await checkGroup(caller, e.groupId);
      const roleIds = await checkRoles(caller, e.roleIds, groupId);
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
      const { roleIds } = await target(caller, input.id);
      const groupId = await checkGroup(caller, input.groupId);
      // The new group must not take them beyond the caller either.
      await checkHandOut(db, caller, roleIds, groupId);
      await employeeRepo.update(db, caller.enterpriseId, input.id, {
        name: input.name,
        mobile: input.mobile ?? null,
        email: input.email ?? null,
        groupId,
        departmentId: await employeeRepo.departmentId(db, caller.enterpriseId, input.department),
      });
      sessionCache.evictUser(input.id);
    },

    async updateRoles(caller: Principal, id: number, roleIds: number[]): Promise<void> {
      notSelf(caller, [id]);
      // Taking roles away is acting on them too: the employee must be within reach as they are.
      const { groupId } = await target(caller, id);
      await employeeRepo.setRoles(db, id, await checkRoles(caller, roleIds, groupId));
      sessionCache.evictUser(id);
    },

    async updatePassword(caller: Principal, id: number, cipherText: string): Promise<void> {
      await target(caller, id);
      const password = plainPassword('password', cipherText);
      await userRepo.setPassword(db, id, await hashPassword(password), clock.now());
      await endSessions([id]);
    },

    /**
     * Sets a generated password, ends the employee's sessions, and answers the password once: the
     * caller hands it over, and may only for staff within their own reach.
     */
    async resetPassword(caller: Principal, id: number): Promise<{ password: string }> {
      await target(caller, id);
      const password = generatePassword();
      await userRepo.setPassword(db, id, await hashPassword(password), clock.now());
      await endSessions([id]);
      return { password };
    },

    /** Lifts the employee's sign-in locks and forgets their failures: for whoever may reset their password. */
    async unlock(caller: Principal, id: number): Promise<void> {
      await target(caller, id);
      const user = await userRepo.findById(db, id);
      if (user) await signInGuardRepo.clear(db, user.login_name);
    },

    async setStatus(caller: Principal, ids: number[], status: 0 | 1): Promise<void> {
      notSelf(caller, ids);
      const unique = [...(await checkActOn(db, caller, ids)).keys()];
      await employeeRepo.setStatus(db, caller.enterpriseId, unique, status);
      for (const id of unique) sessionCache.evictUser(id);
    },

    async delete(caller: Principal, id: number): Promise<void> {
      notSelf(caller, [id]);
      await target(caller, id);
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
