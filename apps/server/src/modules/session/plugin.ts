// The session module: sign-in, the session cache, the password cipher, and the auth hook every API route passes.
import fp from 'fastify-plugin';
import { registerAuth } from '../../http/auth.js';
import { createSessionCache, type SessionCache } from './cache.js';
import { loadPasswordCipher, type PasswordCipher } from './passwords.js';
import { sessionRoutes } from './routes.js';
import { createSessionService, type SessionService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Modules that end or change sessions evict them here. */
    sessionCache: SessionCache;
    /** Decrypts the RSA-OAEP passwords the browser sends. */
    passwordCipher: PasswordCipher;
    sessions: Pick<SessionService, 'resolve' | 'current'>;
  }
}

export type SessionOptions = { drawCaptcha?: (() => { text: string; svg: string }) | undefined };

export default fp<SessionOptions>(
  async (app, { drawCaptcha }) => {
    const { config } = app;
    const cipher = await loadPasswordCipher(app.db);
    const cache = createSessionCache(app.clock);
    const sessions = createSessionService({
      db: app.db,
      clock: app.clock,
      cipher,
      cache,
      captchaMode: config.loginCaptcha,
      title: config.title,
      aiLoginNames: config.aiLoginNames,
      ...(drawCaptcha ? { drawCaptcha } : {}),
    });
    app.decorate('sessionCache', cache);
    app.decorate('passwordCipher', cipher);
    app.decorate('sessions', sessions);
    registerAuth(app, sessions.resolve);
    sessionRoutes(app, sessions);
  },
  { name: 'session', dependencies: ['core', 'http'] },
);
