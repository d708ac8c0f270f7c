// Notice rules (SPEC §3 notice, §7 notice CRUD and common users): who is told of which alarm types
// of which projects, and by which channels. Naming a project needs device-edit on it.
import { sql } from 'kysely';
import type { z } from 'zod';
import type { AddNoticeRuleSchema, CommonNoticeUserSchema, UpdateNoticeRuleSchema } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { projectRepo } from '../project/repo.js';
import { holdsOnProject, scopeOf } from '../project/scope.js';

type RuleInput = z.infer<typeof AddNoticeRuleSchema>;
type CommonUser = z.infer<typeof CommonNoticeUserSchema>;

export function createNoticeService({ db }: { db: Db }) {
  async function checkTargets(caller: Principal, r: { projectIds: number[]; userIds: number[] }): Promise<void> {
    const scope = await scopeOf(db, caller);
    for (const id of new Set(r.projectIds)) {
      const project = await projectRepo.get(db, scope, id);
      if (!project) throw AppError.param('projectIds', 'validation.invalid');
      if (!holdsOnProject(caller, scope, project.path, 'device-edit')) throw new AppError(4117);
    }
    await checkUsers(caller, r.userIds);
  }

  async function checkUsers(caller: Principal, userIds: number[]): Promise<void> {
    const unique = [...new Set(userIds)];
    const found = await db
      .selectFrom('user')
      .select(sql<string>`count(*)`.as('n'))
      .where('enterprise_id', '=', caller.enterpriseId)
      .where('id', '=', sql<number>`any(${unique})`)
      .executeTakeFirstOrThrow();
    if (Number(found.n) !== unique.length) throw AppError.param('userIds', 'validation.invalid');
  }

  const row = (caller: Principal, r: RuleInput) => ({
    enterprise_id: caller.enterpriseId,
    name: r.name,
    project_ids: [...new Set(r.projectIds)],
    types: [...new Set(r.types)],
    channels: [...new Set(r.channels)],
    user_ids: [...new Set(r.userIds)],
    enabled: r.enabled,
  });

  return {
    async list(caller: Principal) {
      const rows = await db
        .selectFrom('notice_rule')
        .selectAll()
        .where('enterprise_id', '=', caller.enterpriseId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        projectIds: r.project_ids.map(Number),
        types: r.types as RuleInput['types'],
        channels: r.channels as RuleInput['channels'],
        userIds: r.user_ids.map(Number),
        enabled: r.enabled,
      }));
    },

    async add(caller: Principal, r: RuleInput): Promise<{ id: number }> {
      await checkTargets(caller, r);
      return db.insertInto('notice_rule').values(row(caller, r)).returning('id').executeTakeFirstOrThrow();
    },

    async update(caller: Principal, r: z.infer<typeof UpdateNoticeRuleSchema>): Promise<void> {
      await checkTargets(caller, r);
      const res = await db
        .updateTable('notice_rule')
        .set(row(caller, r))
        .where('id', '=', r.id)
        .where('enterprise_id', '=', caller.enterpriseId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new AppError(404);
    },

    async delete(caller: Principal, ids: number[]): Promise<void> {
      const res = await db
        .deleteFrom('notice_rule')
        .where('enterprise_id', '=', caller.enterpriseId)
        .where('id', '=', sql<number>`any(${[...new Set(ids)]})`)
        .executeTakeFirst();
      if (Number(res.numDeletedRows) !== new Set(ids).size) throw new AppError(404);
    },

    async commonUsers(caller: Principal): Promise<CommonUser[]> {
      const rows = await db
        .selectFrom('notice_common_user')
        .select(['user_id', 'channels'])
        .where('enterprise_id', '=', caller.enterpriseId)
        .orderBy('user_id')
        .execute();
      return rows.map((r) => ({ userId: Number(r.user_id), channels: r.channels as CommonUser['channels'] }));
    },

    /** Replaces the enterprise's common notice users (told of every alarm). */
    async saveCommonUsers(caller: Principal, users: CommonUser[]): Promise<void> {
      if (users.length > 0)
        await checkUsers(
          caller,
          users.map((u) => u.userId),
        );
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('notice_common_user').where('enterprise_id', '=', caller.enterpriseId).execute();
        if (users.length === 0) return;
        const byUser = new Map(users.map((u) => [u.userId, [...new Set(u.channels)]]));
        await tx
          .insertInto('notice_common_user')
          .values([...byUser].map(([user_id, channels]) => ({ enterprise_id: caller.enterpriseId, user_id, channels })))
          .execute();
      });
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
