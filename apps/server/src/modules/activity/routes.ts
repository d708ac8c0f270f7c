// /api/project/activity/recent: the overview's recent activity (SPEC §2 /project/index).
import { ActivitySchema, RecentActivityQuerySchema } from '@svc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { principalOf } from '../../http/auth.js';
import { scopeOf } from '../project/scope.js';
import { activityRepo } from './repo.js';

export function activityRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/project/activity/recent',
    {
      config: { access: 'project' },
      schema: {
        tags: ['project'],
        summary: 'What happened lately in the projects the caller sees, newest first',
        body: RecentActivityQuerySchema.nullish(),
        response: { 200: z.array(ActivitySchema) },
      },
    },
    async (req) => {
      const rows = await activityRepo.recent(db, await scopeOf(db, principalOf(req)), req.body?.size ?? 20);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        subject: r.subject,
        projectId: r.project_id,
        projectName: r.project_name,
        actor: r.actor,
        at: r.at.toISOString(),
      }));
    },
  );
}
