// Routes of enterprise management: the platform's super administrator only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddEnterpriseSchema,
  EnterprisePageSchema,
  EnterpriseQuerySchema,
  EnterpriseStatusSchema,
  IdParamSchema,
  UpdateEnterpriseSchema,
} from '@svc/contracts';
import type { EnterpriseService } from './service.js';

const tags = ['enterprise'];
const config = { access: 'platform' as const };

export function enterpriseRoutes(app: FastifyInstance, service: EnterpriseService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/enterprise/add',
    {
      config,
      schema: {
        tags,
        summary: 'Create an enterprise and its main account',
        body: AddEnterpriseSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => service.add(request.body),
  );
  r.post(
    '/api/enterprise/query',
    {
      config,
      schema: {
        tags,
        summary: 'Enterprises, newest first',
        body: EnterpriseQuerySchema,
        response: { 200: EnterprisePageSchema },
      },
    },
    async (request) => service.query(request.body),
  );
  r.post(
    '/api/enterprise/update',
    {
      config,
      schema: { tags, summary: 'Rename an enterprise', body: UpdateEnterpriseSchema, response: { 200: z.null() } },
    },
    async (request) => {
      await service.update(request.body.id, request.body.name);
      return null;
    },
  );
  r.post(
    '/api/enterprise/unlock/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Lift the sign-in locks of an enterprise’s main account and forget its failed sign-ins',
        params: IdParamSchema,
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await service.unlockMain(request.params.id);
      return null;
    },
  );
  r.post(
    '/api/enterprise/updateStatus',
    {
      config,
      schema: {
        tags,
        summary: 'Enable or disable an enterprise; disabling ends its sessions',
        body: EnterpriseStatusSchema,
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await service.updateStatus(request.body.id, request.body.status);
      return null;
    },
  );
}
