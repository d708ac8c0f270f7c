// Routes of enterprise info (SPEC §2 /platform/info, §7 /api/platform).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EnterpriseInfoSchema, UpdateEnterpriseInfoSchema } from '@svc/contracts';
import { principalOf } from '../../http/auth.js';
import type { PlatformService } from './service.js';

const tags = ['platform'];

export function platformRoutes(app: FastifyInstance, service: PlatformService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/platform/query',
    {
      config: { access: 'info' },
      schema: { tags, summary: 'The caller’s enterprise info', response: { 200: EnterpriseInfoSchema } },
    },
    async (req) => service.info(principalOf(req), req.language),
  );
  r.post(
    '/api/platform/update',
    {
      config: { access: 'info-edit' },
      schema: {
        tags,
        summary: 'Update the enterprise info (every field required)',
        body: UpdateEnterpriseInfoSchema,
        response: { 200: z.null() },
      },
    },
    async (req) => {
      await service.update(principalOf(req), req.body);
      return null;
    },
  );
}
