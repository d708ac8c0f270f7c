// Serves the built console on the API's port, with index.html for every client-side route (issue 3).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from './app-error.js';
import { isApiPath } from './envelope.js';

export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // Hashed assets never change; index.html must always be fresh to pick up a new build.
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || request.method !== 'GET' || !hasWeb) throw new AppError(404);
    // Unknown paths are the console's: it routes them, and shows its 404 page for ones it does not know.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
