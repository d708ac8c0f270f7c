// Route of the outbox list (architecture §4: every message sent is in an outbox an operator can read).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { OutboxPageSchema, OutboxQuerySchema } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { principalOf } from '../../http/auth.js';
import { listOutbox } from './service.js';

export function outboxRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/outbox/page/query',
    {
      config: { access: 'cost' },
      schema: {
        tags: ['outbox'],
        summary: 'Messages sent, newest first',
        body: OutboxQuerySchema,
        response: { 200: OutboxPageSchema },
      },
    },
    async (request) => listOutbox(db, principalOf(request), request.body),
  );
}
