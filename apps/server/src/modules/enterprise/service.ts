// Enterprises (tenants) and their main accounts, managed by the platform's super administrator.
import { passwordProblem } from '@svc/contracts';
import type { z } from 'zod';
import type { AddEnterpriseSchema, EnterpriseQuerySchema } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../http/app-error.js';
import type { SessionCache } from '../session/cache.js';
import { hashPassword, type PasswordCipher } from '../session/passwords.js';
import { signInGuardRepo } from '../session/repo.js';
import { enterpriseRepo } from './repo.js';

export type EnterpriseDeps = { db: Db; cipher: PasswordCipher; sessionCache: SessionCache };

export function createEnterpriseService({ db, cipher, sessionCache }: EnterpriseDeps) {
  async function tenant(id: number) {
    const found = await enterpriseRepo.findTenant(db, id);
    if (!found) throw new AppError(404);
    return found;
  }

  return {
    async add(input: z.infer<typeof AddEnterpriseSchema>): Promise<{ id: number }> {
      const password = cipher.decrypt('password', input.password);
      const problem = passwordProblem(password);
      if (problem) throw AppError.param('password', problem);
      try {
        return {
          id: await enterpriseRepo.create(db, input.name, {
            loginName: input.loginName,
            passwordHash: await hashPassword(password),
          }),
        };
      } catch (err) {
        if (isUniqueViolation(err, 'user_login_name')) throw new AppError(409, { messageKey: 'conflict.loginName' });
        throw err;
      }
    },

    async query(q: z.infer<typeof EnterpriseQuerySchema>) {
      const page = await enterpriseRepo.page(db, q);
      return {
        ...page,
        list: page.list.map((r) => ({
          id: r.id,
          name: r.name,
          status: r.status as 0 | 1,
          mainLoginName: r.main_login_name,
          employeeCount: Number(r.employee_count),
          createdAt: r.created_at.toISOString(),
        })),
      };
    },

    async update(id: number, name: string): Promise<void> {
      await tenant(id);
      await enterpriseRepo.rename(db, id, name);
      sessionCache.evictEnterprise(id);
    },

    /** Lifts the sign-in locks of the enterprise's main account and forgets its failures. */
    async unlockMain(id: number): Promise<void> {
      await tenant(id);
      for (const name of await enterpriseRepo.mainLoginNames(db, id)) await signInGuardRepo.clear(db, name);
    },

    async updateStatus(id: number, status: 0 | 1): Promise<void> {
      await tenant(id);
      await enterpriseRepo.setStatus(db, id, status);
      sessionCache.evictEnterprise(id);
    },
  };
}
export type EnterpriseService = ReturnType<typeof createEnterpriseService>;
