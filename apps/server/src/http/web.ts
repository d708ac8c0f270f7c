// Serves the built console on the API's port, with index.html for every client-side route.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { AppError } from './app-error.js';
import { isApiPath } from './envelope.js';

/** Cookie naming the console layout: `standard` or `custom` (branded). */
export const LAYOUT_COOKIE = 'layoutType';

/** The build `npm start` makes, served when WEB_DIST is unset. */
const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Registered last: its not-found handler answers every path no module took. */
export default fp(
  async (app) =>
    registerWeb(
      app,
      app.config.webDist ?? (existsSync(join(DEFAULT_WEB_DIST, 'index.html')) ? DEFAULT_WEB_DIST : undefined),
    ),
  { name: 'web', dependencies: ['http'] },
);

async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up on each request, not listed once at start: apps/web/dist is a link that a new build
      // replaces while the server runs (scripts/build-web.mjs), and the new build's files must be found. Only the
      // routes below serve them, so unknown API paths still reach the 404 handler untouched.
      serve: false,
      index: false,
      // The build writes .br and .gz beside each asset: send those to clients that accept them.
      preCompressed: true,
      // Hashed assets never change; index.html must always be fresh to pick up a new build.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      // A path that climbs (`..`, however encoded: params arrive decoded) names no asset: a plain 404,
      // rather than the static server's refusal worded as a bad request body.
      if (file.split(/[/\\]/).includes('..')) throw new AppError(404);
      return reply.sendFile(`assets/${file}`);
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A hashed asset that is not there (a page of an older build asking for a chunk long gone) is a plain 404: the
    // console's loader sees a failed chunk rather than index.html parsed as a script.
    if (isApiPath(request.url) || request.method !== 'GET' || !hasWeb || request.url.startsWith('/assets/')) {
      throw new AppError(404);
    }
    // The build's top-level files (favicon.svg, robots.txt…): one path segment naming a file that is there.
    const file = /^\/([\w.-]+\.\w+)(?:\?|$)/.exec(request.url)?.[1];
    if (file && !file.startsWith('.') && existsSync(join(webDist, file))) return reply.sendFile(file);
    // Unknown paths are the console's: it routes them, and shows its 404 page for ones it does not know.
    // SPEC §2: the layout (custom-branded or standard) comes from a cookie, and the console reloads
    // when it is missing — so every document carries it.
    if (!request.cookies[LAYOUT_COOKIE]) {
      reply.setCookie(LAYOUT_COOKIE, 'standard', { path: '/', sameSite: 'lax', maxAge: 365 * 86_400 });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
