// The employee module: staff accounts of an enterprise, their import and their profiles.
import fp from 'fastify-plugin';
import { employeeRoutes } from './routes.js';
import { createEmployeeService } from './service.js';

export default fp(
  async (app) =>
    employeeRoutes(
      app,
      createEmployeeService({
        db: app.db,
        clock: app.clock,
        cipher: app.passwordCipher,
        sessionCache: app.sessionCache,
      }),
      app.db,
    ),
  { name: 'employee', dependencies: ['session'] },
);
