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
  /** The platform operator's own enterprise: its name, while unchanged, is shown in the reader's language. */
  enterpriseIsPlatform: boolean;
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
     * A GET that changes something (SPEC §7 has several): a cross-site link would carry the cookie
     * (SameSite=Lax lets top-level GETs through), so the cookie counts only beside the console's
     * CONSOLE_HEADER, which no cross-site link, form or image can add; else the token comes in the header.
     */
    mutates?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export const TOKEN_HEADER = 'xaccesstoken';
export const TOKEN_COOKIE = 'token';
/** Sent by the web console on every call; a custom header, so only same-origin script can send it. */
export const CONSOLE_HEADER = 'x-console-request';

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

/** The token from the `xaccesstoken` header, else the `token` cookie (SPEC §4, architecture §4). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers[TOKEN_HEADER];
  // No CORS preflight is answered, so a cross-site page cannot send a custom header at all.
  const cookieAllowed =
    !(request.method === 'GET' && request.routeOptions.config.mutates) || request.headers[CONSOLE_HEADER] !== undefined;
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

/**
 * The only API routes open beyond a privilege: to anyone ('public') or to whoever is signed in
 * ('signed-in'), by `METHOD url` as registered. Every other route names the catalogue keys it
 * needs, or 'platform', so no route is reachable with a privilege it did not mean.
 * A route wanting to join must be one every signed-in person really needs: signing in and out,
 * one's own session, password and profile, and files shown to all (logos).
 */
export const OPEN_ROUTES: Readonly<Record<string, 'public' | 'signed-in'>> = {
  'GET /rsa/getkey': 'public',
  'POST /api/session/login/rsa': 'public',
  'GET /api/session/logOut': 'public',
  'GET /api/session/verificationCode': 'public',
  'POST /api/index/info': 'public',
  'GET /api/reset/findAccount': 'public',
  'GET /api/reset/sendCode': 'public',
  'GET /api/reset/verifyCode': 'public',
  'GET /api/reset/resetPw': 'public',
  'GET /api/session/get': 'signed-in',
  'POST /api/session/update/:variant': 'signed-in',
  'POST /api/employee/updateById': 'signed-in',
  'POST /api/roleVideoPrivilege/queryMine': 'signed-in',
  'GET /api/file/:id': 'signed-in',
};

/** What is wrong with a route's declared access, if anything. */
function accessProblem(route: string, access: Access | undefined): string | null {
  if (!access || access.length === 0) return 'declares no access';
  if (access === 'public' || access === 'signed-in')
    return OPEN_ROUTES[route] === access ? null : `is ${access} but not in OPEN_ROUTES: name its privilege key`;
  if (access === 'platform') return null;
  const unknown = [access].flat().find((k) => !PRIVILEGE_KEYS.has(k));
  return unknown === undefined ? null : `needs unknown privilege ${unknown}`;
}

export function registerAuth(app: FastifyInstance, resolve: (token: string) => Promise<Principal | null>): void {
  app.decorateRequest('principal', null);

  // Every API route says what it needs; a route that forgets, names an unknown key or is open
  // without being in OPEN_ROUTES cannot start (architecture §4 tenancy).
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!isApiPath(route.url)) return;
    const access = (route.config as { access?: Access } | undefined)?.access;
    for (const method of [route.method].flat()) {
      const problem = accessProblem(`${method === 'HEAD' ? 'GET' : method} ${route.url}`, access);
      if (problem) throw new Error(`route ${method} ${route.url} ${problem}`);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiPath(request.url) || request.is404) return;
    // Registration guarantees an access; should one be missing all the same, nobody passes.
    const access = request.routeOptions.config.access ?? [];
    if (access === 'public') return;
    const token = tokenOf(request);
    const principal = token ? await resolve(token) : null;
    if (!principal) {
      // Script cannot delete the HttpOnly cookie of an ended session: the answer does.
      if (token && token === request.cookies?.[TOKEN_COOKIE]) void reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      throw new AppError(1001);
    }
    if (!mayAccess(principal, access)) throw new AppError(4117);
    request.principal = principal;
  });
}
