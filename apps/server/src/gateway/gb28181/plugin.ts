// The gateway plugin: the GB28181 SIP server, its Signalling face for media, and the address devices reach our HTTP port by.
import fp from 'fastify-plugin';
import type { Signalling } from '../../media/signalling.js';
import { Gb28181Gateway } from './gateway.js';
import { Gb28181Signalling } from './signalling.js';

declare module 'fastify' {
  interface FastifyInstance {
    gateway: Gb28181Gateway;
    /** The gateway as live video's way to start and stop device streams. */
    signalling: Signalling;
    /** `http://<address devices reach the gateway at>:<HTTP port>`, where devices post pictures. */
    deviceHttpBase(): string;
  }
}

export type GatewayPluginOptions = { syncJitterMs?: number | undefined };

export default fp<GatewayPluginOptions>(
  async (app, { syncJitterMs }) => {
    const { config, clock } = app;
    // Binds nothing yet: the SIP port opens in listenDevices, after the HTTP one.
    const gateway = new Gb28181Gateway({
      db: app.db,
      log: app.log,
      config,
      secretKey: app.secretKey,
      now: () => clock.now().getTime(),
      ...(syncJitterMs !== undefined ? { syncJitterMs } : {}),
    });
    app.decorate('gateway', gateway);
    app.decorate('signalling', new Gb28181Signalling(gateway));
    app.addHook('onClose', async () => gateway.close());
    // The port is read once listening (an alarm asks for it each time; server.address() is a system call).
    let httpPort: number | undefined;
    app.decorate('deviceHttpBase', () => {
      if (httpPort === undefined) {
        const address = app.server.address();
        if (typeof address !== 'object' || !address) return `http://${gateway.settings.ip}:${config.port}`;
        httpPort = address.port;
      }
      return `http://${gateway.settings.ip}:${httpPort}`;
    });
  },
  { name: 'gateway', dependencies: ['core'] },
);
