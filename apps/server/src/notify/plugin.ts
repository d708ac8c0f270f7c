// The notify plugin: the notifier (mail, SMS, voice, all through the outbox) and its retry of what failed.
import fp from 'fastify-plugin';
import { every } from '../clock.js';
import { createNotifier, sandboxTransport, smtpTransport, type Notifier, type Transport } from './notifier.js';

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}

export type NotifyOptions = { email?: Transport | undefined; sms?: Transport | undefined };

export default fp<NotifyOptions>(
  async (app, given) => {
    const { config } = app;
    const notifier = createNotifier({
      db: app.db,
      clock: app.clock,
      email: given.email ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.smtpFrom) : sandboxTransport),
      sms: given.sms ?? sandboxTransport,
    });
    app.decorate('notifier', notifier);
    every(app, 10_000, 'outbox retry', () => notifier.retryDue());
  },
  { name: 'notify', dependencies: ['core'] },
);
