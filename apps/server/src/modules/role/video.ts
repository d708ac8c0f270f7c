// Per-role video privileges (SPEC §6, §7 /api/roleVideoPrivilege): the powers over video a role grants;
// a user holds the union over its roles, super administrators and cloud accounts all of them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VIDEO_PRIVILEGE_KEYS, VideoPrivilegeKeySchema, translate, type VideoPrivilegeKey } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { bypassesChecks, principalOf, type Principal } from '../../http/auth.js';
import { noData } from '../../http/envelope.js';
import type { SessionCache } from '../session/cache.js';
import { checkHandOut } from './reach.js';
import { roleRepo } from './repo.js';
import { roleVideoRepo } from './video-repo.js';

export async function videoPrivilegesOf(db: Db, caller: Principal): Promise<VideoPrivilegeKey[]> {
  if (bypassesChecks(caller)) return [...VIDEO_PRIVILEGE_KEYS];
  if (caller.roles.length === 0) return [];
  const held = new Set(
    await roleVideoRepo.keysOf(
      db,
      caller.roles.map((r) => r.id),
    ),
  );
  return VIDEO_PRIVILEGE_KEYS.filter((k) => held.has(k));
}

/** Whether the caller holds one power over video: one indexed lookup for staff, none for those who bypass. */
export async function holdsVideoPrivilege(db: Db, caller: Principal, key: VideoPrivilegeKey): Promise<boolean> {
  if (bypassesChecks(caller)) return true;
  if (caller.roles.length === 0) return false;
  return roleVideoRepo.anyGrants(
    db,
    caller.roles.map((r) => r.id),
    key,
  );
}

const tags = ['role'];
const ItemSchema = z.object({ key: VideoPrivilegeKeySchema, name: z.string() }).meta({ id: 'VideoPrivilege' });

export function videoPrivilegeRoutes(app: FastifyInstance, db: Db, sessionCache: SessionCache): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/roleVideoPrivilege/queryAll',
    {
      config: { access: 'role' },
      schema: {
        tags,
        summary: 'Every video privilege, or those of one role',
        body: z.strictObject({ roleId: z.number().int().positive().optional() }).nullish(),
        response: { 200: z.array(ItemSchema) },
      },
    },
    async (req) => {
      const caller = principalOf(req);
      let keys: readonly VideoPrivilegeKey[] = VIDEO_PRIVILEGE_KEYS;
      if (req.body?.roleId !== undefined) {
        if (!(await roleRepo.get(db, caller.enterpriseId, req.body.roleId))) throw new AppError(404);
        const granted = new Set(await roleVideoRepo.ofRole(db, req.body.roleId));
        keys = VIDEO_PRIVILEGE_KEYS.filter((k) => granted.has(k));
      }
      return keys.map((key) => ({ key, name: translate(req.language, `video.${key}`) }));
    },
  );
  r.post(
    '/api/roleVideoPrivilege/update',
    {
      config: { access: 'role-edit' },
      schema: {
        tags,
        summary: 'Replace the video privileges of a role',
        body: z.strictObject({ roleId: z.number().int().positive(), keys: z.array(VideoPrivilegeKeySchema).max(20) }),
        response: { 200: z.null() },
      },
    },
    async (req) => {
      const caller = principalOf(req);
      if (!(await roleRepo.get(db, caller.enterpriseId, req.body.roleId))) throw new AppError(404);
      // As with privilege keys: nobody changes a role beyond their own, nor hands out a power over
      // video they do not hold.
      await checkHandOut(db, caller, [req.body.roleId]);
      const own = new Set(await videoPrivilegesOf(db, caller));
      const beyond = req.body.keys.find((k) => !own.has(k));
      if (beyond) throw new AppError(4117, { messageKey: 'role.beyondOwn', params: { key: beyond } });
      await roleVideoRepo.replace(db, req.body.roleId, [...new Set(req.body.keys)]);
      // Open live streams of the role's staff are judged again at once (media/watchers.ts).
      sessionCache.evictEnterprise(caller.enterpriseId);
      return noData();
    },
  );
  r.post(
    '/api/roleVideoPrivilege/queryMine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The caller’s own video privileges',
        response: { 200: z.array(VideoPrivilegeKeySchema) },
      },
    },
    async (req) => videoPrivilegesOf(db, principalOf(req)),
  );
}
