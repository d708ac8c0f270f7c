// Who is calling: resolves the session token of every non-public /api route before anything else runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { isApiPath } from './envelope.js';

export type Principal = {
  sessionId: number;
  userId: number;
  enterpriseId: number;
  loginName: string;
  isSuperAdmin: boolean;
  isCloudAccount: boolean;
  loginMode: 'main' | 'sub';
  /** Profile shown by the session answer, carried along so that answer needs no query. */
  name: string;
  mobile: string | null;
  email: string | null;
  enterpriseName: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'public' routes need no session; everything else under /api does (SPEC §2 public routes). */
    auth?: 'public' | 'session';
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const TOKEN_HEADER = 'xaccesstoken';
export const TOKEN_COOKIE = 'token';

/** The token from the `xaccesstoken` header, else the `token` cookie (SPEC §4, DESIGN §4). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  const value = typeof header === 'string' && header ? header : request.cookies?.[TOKEN_COOKIE];
  // A real token is 43 base64url characters; anything far off is not worth a lookup.
  return value && value.length <= 128 ? value : null;
}

/** The caller of a session route; the auth hook guarantees it is there. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError(1001);
  return request.principal;
}

export function registerAuth(app: FastifyInstance, resolve: (token: string) => Promise<Principal | null>): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || request.is404 || request.routeOptions.config.auth === 'public') return;
    const token = tokenOf(request);
    const principal = token ? await resolve(token) : null;
    if (!principal) throw new AppError(1001);
    request.principal = principal;
  });
}
