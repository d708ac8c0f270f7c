// The group module: employee groups and who is in them.
import fp from 'fastify-plugin';
import { createGroupMemberService } from './members.js';
import { groupRoutes } from './routes.js';
import { createGroupService } from './service.js';

export default fp(
  async (app) => {
    const deps = { db: app.db, sessionCache: app.sessionCache };
    groupRoutes(app, createGroupService(deps), createGroupMemberService(deps));
  },
  { name: 'group', dependencies: ['session'] },
);
