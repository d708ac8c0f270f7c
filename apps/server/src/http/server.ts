// The Fastify instance with its HTTP server: logging, proxies, body limits, and a first look for device uploads.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { setSecurityHeaders } from './security-headers.js';

/** A handler on node's HTTP server ahead of Fastify; true when it took the request. */
export type RawHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Handlers that see each request before Fastify does. Devices post alarm pictures at a rate
     * and size where Fastify's routing and body handling are pure overhead (see alarm/pictures.ts).
     */
    rawHandlers: RawHandler[];
  }
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.xaccesstoken', 'req.headers.cookie'], remove: true },
    serializers: {
      // Recovery codes and ciphertexts travel in query strings (SPEC §7): never log a query.
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}

export function createFastify(config: Config, logger: boolean | object | undefined): FastifyInstance {
  const rawHandlers: RawHandler[] = [];
  const app = Fastify({
    serverFactory: (handler, opts) => {
      const server = createServer((req, res) => {
        setSecurityHeaders(req.url, res);
        if (!rawHandlers.some((h) => h(req, res))) handler(req, res);
      });
      // What Fastify sets on a server it makes itself (its defaults are filled in by then).
      const o = opts as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      server.keepAliveTimeout = o.keepAliveTimeout;
      server.requestTimeout = o.requestTimeout;
      server.setTimeout(o.connectionTimeout);
      return server;
    },
    logger: logger ?? loggerOptions(config.logLevel),
    // X-Forwarded-For is believed only from the configured proxies: anyone else could name any
    // address in it and shake off the per-address captcha, lockout and rate limits.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // The core plugin opens and migrates the database: a first open of PGlite takes seconds, a
    // migration over a large database longer. Start-up has no deadline but the operator's.
    pluginTimeout: 0,
    // Default is plain JSON parsing; drop __proto__/constructor keys so a body cannot pollute prototypes.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  app.decorate('rawHandlers', rawHandlers);
  return app;
}
