// Prometheus metrics (/metrics): process figures and one histogram of answers by route and code,
// for a scraper on this host or one that shows METRICS_TOKEN (route names and load are not public).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Answers how to record a request served outside Fastify (device uploads) in the same histogram. */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
): (route: string, method: string, status: number, seconds: number) => void {
  // One registry per app, not the global default, so several apps can live in one test process.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer, by route pattern, method and HTTP status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and queries would explode the label set.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, token)) return reply.code(403).type('text/plain').send('forbidden');
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return (route, method, status, seconds) => duration.observe({ route, method, status: String(status) }, seconds);
}

/** From loopback (the client's address, so a proxy on this host does not open it), or with the token. */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const ip = request.ip;
  if (ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.')) return true;
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (!token || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
