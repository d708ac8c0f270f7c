// The enterprise module: the platform's enterprises (main accounts) and their settings.
import fp from 'fastify-plugin';
import { enterpriseRoutes } from './routes.js';
import { createEnterpriseService } from './service.js';

export default fp(
  async (app) =>
    enterpriseRoutes(
      app,
      createEnterpriseService({ db: app.db, cipher: app.passwordCipher, sessionCache: app.sessionCache }),
    ),
  { name: 'enterprise', dependencies: ['session'] },
);
