// The operations plugin: /metrics and /healthz, and the request histogram other planes report into.
import fp from 'fastify-plugin';
import { registerHealth } from './health.js';
import { registerMetrics } from './metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records a request answered outside Fastify (device uploads) in the same histogram. */
    observeRequest: (route: string, method: string, status: number, seconds: number) => void;
  }
}

export default fp(
  async (app) => {
    app.decorate('observeRequest', registerMetrics(app, app.config.metricsToken));
    registerHealth(app, app.db);
  },
  { name: 'ops', dependencies: ['core', 'http'] },
);
