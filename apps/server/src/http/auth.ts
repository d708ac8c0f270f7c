// Who is calling and may they: resolves the session of every non-public /api route and checks the
// access the route declared (SPEC §6), before the body is even read. A refusal changes nothing.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { PRIVILEGE_KEYS, RESERVED_KEYS } from '@svc/contracts';
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
  /** Device group limiting which devices and channels a staff member sees (SPEC §6). */
  groupId: number | null;
  roles: { id: number; roleName: string }[];
  /** Union of the keys of the user's roles (empty for those who bypass the checks). */
  privilegeKeys: ReadonlySet<string>;
};

/**
 * What a route needs: no session ('public'), any session ('signed-in'), the platform's super
 * administrator ('platform'), a privilege key of the catalogue, or any one of several keys.
 */
export type Access = 'public' | 'signed-in' | 'platform' | (string & {}) | readonly string[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * A GET that changes something (SPEC §7 has several): its token must come in the header, since a
     * cross-site link would carry the cookie (SameSite=Lax lets top-level GETs through).
     */
    mutates?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const TOKEN_HEADER = 'xaccesstoken';
export const TOKEN_COOKIE = 'token';

/** Super administrators and cloud-account users bypass function-point checks (SPEC §6). */
export const bypassesChecks = (p: Principal): boolean => p.isSuperAdmin || p.isCloudAccount;

/** Whether a principal holds a privilege key: reserved keys only by bypass, others through a role. */
export function holds(p: Principal, key: string): boolean {
  if (bypassesChecks(p)) return true;
  if (RESERVED_KEYS.has(key)) return false;
  return p.roles.length > 0 && p.privilegeKeys.has(key);
}

export function mayAccess(p: Principal, access: Access): boolean {
  if (typeof access !== 'string') return access.some((key) => holds(p, key));
  if (access === 'signed-in' || access === 'public') return true;
  if (access === 'platform') return p.isSuperAdmin;
  return holds(p, access);
}

/** The token from the `xaccesstoken` header, else the `token` cookie (SPEC §4, DESIGN §4). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  const cookieAllowed = !(request.method === 'GET' && request.routeOptions.config.mutates);
  const value =
    typeof header === 'string' && header ? header : cookieAllowed ? request.cookies?.[TOKEN_COOKIE] : undefined;
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

  // Every API route says what it needs; a route that forgets cannot start (DESIGN §4 tenancy).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    if (!access || access.length === 0) throw new Error(`route ${route.method} ${route.url} declares no access`);
    const keys =
      typeof access === 'string' ? (['public', 'signed-in', 'platform'].includes(access) ? [] : [access]) : access;
    const unknown = keys.find((k) => !PRIVILEGE_KEYS.has(k));
    if (unknown) throw new Error(`route ${route.method} ${route.url} needs unknown privilege ${unknown}`);
  });

  app.addHook('onRequest', async (request) => {
    if (!isApiPath(request.url) || request.is404) return;
    const access = request.routeOptions.config.access ?? 'signed-in';
    if (access === 'public') return;
    const token = tokenOf(request);
    const principal = token ? await resolve(token) : null;
    if (!principal) throw new AppError(1001);
    if (!mayAccess(principal, access)) throw new AppError(4117);
    request.principal = principal;
  });
}
