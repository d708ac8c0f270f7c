// The password-recovery module: find the account, send and check a code, set a new password.
import fp from 'fastify-plugin';
import { resetRoutes } from './routes.js';
import { createResetService } from './service.js';

export default fp(
  async (app) => {
    const recovery = createResetService({
      db: app.db,
      clock: app.clock,
      cipher: app.passwordCipher,
      notifier: app.notifier,
      sessionCache: app.sessionCache,
      log: app.log,
    });
    app.addHook('onClose', async () => recovery.settle());
    resetRoutes(app, recovery);
  },
  { name: 'reset', dependencies: ['session', 'notify'] },
);
