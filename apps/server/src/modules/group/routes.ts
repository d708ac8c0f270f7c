// Routes of device groups (SPEC §7 /api/group).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AddGroupSchema, GroupSchema, IdBodySchema, UpdateGroupSchema } from '@svc/contracts';
import { principalOf } from '../../http/auth.js';
import type { GroupService } from './service.js';

const tags = ['group'];

export function groupRoutes(app: FastifyInstance, service: GroupService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/group/getAll',
    {
      config: { access: 'role' },
      schema: { tags, summary: 'Device groups of the enterprise', response: { 200: z.array(GroupSchema) } },
    },
    async (request) => service.getAll(principalOf(request)),
  );
  r.post(
    '/api/group/add',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Add a device group',
        body: AddGroupSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => service.add(principalOf(request), request.body),
  );
  r.post(
    '/api/group/update',
    {
      config: { access: 'group-edit' },
      schema: {
        tags,
        summary: 'Rename, describe, open or close a group',
        body: UpdateGroupSchema,
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await service.update(principalOf(request), request.body);
      return null;
    },
  );
  r.post(
    '/api/group/delete',
    {
      config: { access: 'group-edit' },
      schema: { tags, summary: 'Delete a closed group', body: IdBodySchema, response: { 200: z.null() } },
    },
    async (request) => {
      await service.delete(principalOf(request), request.body.id);
      return null;
    },
  );
}
