// The role module: roles, their privilege keys and their video privileges.
import fp from 'fastify-plugin';
import { roleRoutes } from './routes.js';
import { createRoleService } from './service.js';
import { videoPrivilegeRoutes } from './video.js';

export default fp(
  async (app) => {
    roleRoutes(app, createRoleService({ db: app.db, sessionCache: app.sessionCache }));
    videoPrivilegeRoutes(app, app.db, app.sessionCache);
  },
  { name: 'role', dependencies: ['session'] },
);
