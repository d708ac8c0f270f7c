// Routes of sign-in and the session (SPEC §7 Auth); each handler is one service call.
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BrandingSchema,
  LoginResultSchema,
  LoginRsaSchema,
  LogoutQuerySchema,
  PasswordVariantSchema,
  RsaKeyQuerySchema,
  RsaKeySchema,
  SessionSchema,
  UpdatePasswordSchema,
  VerificationCodeSchema,
} from '@svc/contracts';
import { principalOf, TOKEN_COOKIE, tokenOf } from '../../http/auth.js';
import type { CallerContext, SessionService } from './service.js';

export const callerOf = (request: FastifyRequest): CallerContext => ({
  address: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

const tags = ['session'];

/**
 * The browser's session cookie: HttpOnly so no script on the page (an XSS) can read the token,
 * SameSite=Lax against cross-site posts, Secure whenever the console is reached over https.
 */
const tokenCookie = (request: FastifyRequest): CookieSerializeOptions => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: request.protocol === 'https',
});

export function sessionRoutes(app: FastifyInstance, service: SessionService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/rsa/getkey',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'RSA public key for encrypting passwords',
        querystring: RsaKeyQuerySchema,
        response: { 200: RsaKeySchema },
      },
    },
    async () => service.publicKey(),
  );

  r.post(
    '/api/session/login/rsa',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Sign in with an RSA-encrypted password',
        body: LoginRsaSchema,
        response: { 200: LoginResultSchema },
      },
    },
    async (request, reply) => {
      const result = await service.login(request.body, callerOf(request));
      // The answer keeps the token for API clients that send it in the header (SPEC §7).
      const maxAge = Math.round((Date.parse(result.expiresAt) - app.clock.now().getTime()) / 1000);
      reply.setCookie(TOKEN_COOKIE, result.token, { ...tokenCookie(request), maxAge });
      return result;
    },
  );

  r.get(
    '/api/session/get',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The signed-in session', response: { 200: SessionSchema } },
    },
    async (request) => {
      const principal = principalOf(request);
      // The console asks when it opens and again when its language changes. Only a request that names both
      // counts: a cross-site link (which carries the cookie but no such header) cannot reset them.
      if (request.headers.language !== undefined && request.headers.timezone !== undefined)
        await service.rememberLocale(principal, request.language, request.timezone);
      return service.session(principal, request.language);
    },
  );

  r.get(
    '/api/session/logOut',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'End a session (token in the query, else the caller’s own)',
        querystring: LogoutQuerySchema,
        response: { 200: z.null() },
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? tokenOf(request);
      if (token) await service.logout(token);
      reply.clearCookie(TOKEN_COOKIE, tokenCookie(request));
      return null;
    },
  );

  r.get(
    '/api/session/verificationCode',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'A captcha image and its key', response: { 200: VerificationCodeSchema } },
    },
    async () => service.verificationCode(),
  );

  r.post(
    '/api/session/update/:variant',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Change the password; the user’s other sessions end',
        params: z.strictObject({ variant: PasswordVariantSchema }),
        body: UpdatePasswordSchema,
        response: { 200: z.null() },
      },
    },
    async (request) => {
      await service.updatePassword(
        principalOf(request),
        request.body.oldPassword,
        request.body.newPassword,
        callerOf(request),
      );
      return null;
    },
  );

  r.post(
    '/api/index/info',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Branding of the sign-in page', response: { 200: BrandingSchema } },
    },
    async (request) => service.branding(request.language),
  );
}
