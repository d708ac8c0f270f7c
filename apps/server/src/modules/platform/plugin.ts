// The platform module: the operator's branding and the enterprise's basic information.
import fp from 'fastify-plugin';
import { platformRoutes } from './routes.js';
import { createPlatformService } from './service.js';

export default fp(
  async (app) =>
    platformRoutes(app, createPlatformService({ db: app.db, files: app.files, sessionCache: app.sessionCache })),
  { name: 'platform', dependencies: ['session', 'file'] },
);
