// The privilege module: the catalogue of privilege keys roles are made of.
import fp from 'fastify-plugin';
import { privilegeRoutes } from './routes.js';

export default fp(async (app) => privilegeRoutes(app), { name: 'privilege', dependencies: ['session'] });
