// Routes of password recovery (SPEC §7 /api/reset/*), all public and rate-limited in the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FindAccountQuerySchema,
  FoundAccountSchema,
  ResetPwQuerySchema,
  SendCodeQuerySchema,
  SentCodeSchema,
  VerifyCodeQuerySchema,
} from '@svc/contracts';
import type { ResetService } from './service.js';

const tags = ['reset'];
const config = { access: 'public' as const };

export function resetRoutes(app: FastifyInstance, service: ResetService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/reset/findAccount',
    {
      config,
      schema: {
        tags,
        summary: 'Name the account; answers the channels a code can take, the same for every name',
        querystring: FindAccountQuerySchema,
        response: { 200: FoundAccountSchema },
      },
    },
    async (request) => service.findAccount(request.query.userName),
  );

  r.get(
    '/api/reset/sendCode',
    {
      config,
      schema: {
        tags,
        summary:
          'Send a 6-digit code by email or SMS, if the account has that channel (the answer is the same either way)',
        querystring: SendCodeQuerySchema,
        response: { 200: SentCodeSchema },
      },
    },
    async (request) =>
      service.sendCode(request.query.userName, request.query.type, request.ip ?? null, request.language),
  );

  r.get(
    '/api/reset/verifyCode',
    {
      config,
      schema: {
        tags,
        summary: 'Check a code (spends one of its 5 tries; limited per name and address)',
        querystring: VerifyCodeQuerySchema,
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await service.verifyCode(request.query.userName, request.query.code, request.ip ?? null);
      return null;
    },
  );

  r.get(
    '/api/reset/resetPw',
    {
      config,
      schema: {
        tags,
        summary: 'Set a new password with a valid code; all sessions end',
        querystring: ResetPwQuerySchema,
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await service.resetPassword(
        request.query.userName,
        request.query.code,
        request.query.password,
        request.ip ?? null,
      );
      return null;
    },
  );
}
