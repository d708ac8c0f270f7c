// The project module: projects, sub-projects and monitoring areas, and which roles reach them.
import fp from 'fastify-plugin';
import { createRoleGrantService } from './role-grants.js';
import { projectRoutes } from './routes.js';
import { createProjectService } from './service.js';

export default fp(
  async (app) =>
    projectRoutes(
      app,
      createProjectService({ db: app.db, files: app.files }),
      createRoleGrantService({ db: app.db, sessionCache: app.sessionCache }),
    ),
  { name: 'project', dependencies: ['session', 'file'] },
);
