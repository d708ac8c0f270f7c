// The outbox module: the operator's read of every message the platform sent or tried to.
import fp from 'fastify-plugin';
import { outboxRoutes } from './routes.js';

export default fp(async (app) => outboxRoutes(app, app.db), { name: 'outbox', dependencies: ['session'] });
