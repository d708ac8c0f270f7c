// Notice rules (SPEC §3 notice, §7 notice CRUD and common users): who is told of which alarm types
// of which projects, and by which channels. A rule is the caller's to see only when every project it
// names lies within the caller's projects, and to change or delete only with device-edit on each of
// them; common users hear of every project, so only a caller reaching all of them may set them.
import type { z } from 'zod';
import type { AddNoticeRuleSchema, CommonNoticeUserSchema, UpdateNoticeRuleSchema } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { Principal } from '../../http/auth.js';
import { projectRepo } from '../project/repo.js';
import { holdsOnProject, inScope, scopeOf, type Scope } from '../project/scope.js';
import { noticeRepo } from './notice-repo.js';

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

  /**
   * Paths of the projects each rule names, by rule; a rule naming a project outside the scope is
   * left out (ids of projects since deleted name nothing).
   */
  async function visible<R extends { id: number; project_ids: (number | string)[] }>(
    scope: Scope,
    rules: R[],
  ): Promise<Map<R, string[]>> {
    const paths = await projectRepo.pathsOf(
      db,
      scope.enterpriseId,
      rules.flatMap((r) => r.project_ids.map(Number)),
    );
    const out = new Map<R, string[]>();
    for (const r of rules) {
      const named = r.project_ids.flatMap((id) => paths.get(Number(id)) ?? []);
      if (named.every((path) => inScope(scope, path))) out.set(r, named);
    }
    return out;
  }

  /**
   * The caller's rules among `ids`: each must exist and be visible (404 otherwise, as if it did not)
   * and the caller must hold device-edit on every project it names (4117 otherwise).
   */
  async function ownRules(caller: Principal, ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    const rows = await noticeRepo.rulesByIds(db, caller.enterpriseId, unique);
    const scope = await scopeOf(db, caller);
    const shown = await visible(scope, rows);
    if (shown.size !== unique.length) throw new AppError(404);
    for (const paths of shown.values())
      if (paths.some((path) => !holdsOnProject(caller, scope, path, 'device-edit'))) throw new AppError(4117);
    return unique;
  }

  async function checkUsers(caller: Principal, userIds: number[]): Promise<void> {
    const unique = [...new Set(userIds)];
    if ((await noticeRepo.countUsers(db, caller.enterpriseId, unique)) !== unique.length)
      throw AppError.param('userIds', 'validation.invalid');
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
      const rows = await noticeRepo.rules(db, caller.enterpriseId);
      const shown = await visible(await scopeOf(db, caller), rows);
      return [...shown.keys()].map((r) => ({
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
      return noticeRepo.insertRule(db, row(caller, r));
    },

    async update(caller: Principal, r: z.infer<typeof UpdateNoticeRuleSchema>): Promise<void> {
      await ownRules(caller, [r.id]);
      await checkTargets(caller, r);
      if (!(await noticeRepo.updateRule(db, caller.enterpriseId, r.id, row(caller, r)))) throw new AppError(404);
    },

    async delete(caller: Principal, ids: number[]): Promise<void> {
      const own = await ownRules(caller, ids);
      await noticeRepo.deleteRules(db, caller.enterpriseId, own);
    },

    async commonUsers(caller: Principal): Promise<CommonUser[]> {
      const rows = await noticeRepo.commonUsers(db, caller.enterpriseId);
      return rows.map((r) => ({ userId: Number(r.user_id), channels: r.channels as CommonUser['channels'] }));
    },

    /** Replaces the enterprise's common notice users (told of every alarm). */
    async saveCommonUsers(caller: Principal, users: CommonUser[]): Promise<void> {
      // Common users hear of every project: setting them is for whoever reaches every project.
      if (!(await projectRepo.coversAll(db, await scopeOf(db, caller)))) throw new AppError(4117);
      if (users.length > 0)
        await checkUsers(
          caller,
          users.map((u) => u.userId),
        );
      await noticeRepo.replaceCommonUsers(
        db,
        caller.enterpriseId,
        new Map(users.map((u) => [u.userId, [...new Set(u.channels)]])),
      );
    },
  };
}
export type NoticeService = ReturnType<typeof createNoticeService>;
