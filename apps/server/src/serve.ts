// Running the server as a process: build, report first-start secrets once, listen, shut down cleanly.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { mkdirSync } from 'node:fs';
import { ConfigError, type Config } from './config.js';
import { announceDeviceAddresses } from './ops/device-addresses.js';
import { checkPortsFree, lockDataDir, StartRefused } from './ops/start-guards.js';

/**
 * Builds the app, prints what a first start generated, listens (HTTP, then SIP and RTP) and shuts
 * down gracefully on SIGTERM/SIGINT; `beforeClose` runs first (the demo stops its devices).
 */
export async function serve(config: Config, beforeClose?: () => Promise<void>): Promise<FastifyInstance> {
  // Nothing is opened before these pass: the embedded database is one process's, and a start that
  // cannot listen must not have opened (and migrated) it first.
  mkdirSync(config.dataDir, { recursive: true });
  if (!config.databaseUrl) lockDataDir(config.dataDir);
  await checkPortsFree(config.host, [{ name: 'HTTP', port: config.port }]);
  await checkPortsFree(config.deviceHost, [
    { name: 'SIP', port: config.sip.port, udp: true },
    { name: 'RTP', port: config.media.rtpPort, udp: true },
  ]);
  const app = await buildApp(config);
  if (app.bootstrap.created) {
    app.log.info({ loginName: app.bootstrap.loginName }, 'created the platform main account');
    if (app.bootstrap.generatedPassword) {
      // Printed once, on the terminal only: it is stored nowhere but as a hash.
      process.stdout.write(
        `\n  Platform main account: ${app.bootstrap.loginName}\n  Generated password:    ${app.bootstrap.generatedPassword}\n  (shown once; set CONSOLE_ADMIN_PASSWORD to choose it)\n\n`,
      );
    }
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting, finish answers in flight, close the database; give up after 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    (beforeClose ? beforeClose().catch(() => undefined) : Promise.resolve())
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const devices = await app.listenDevices();
  announceDeviceAddresses(app.log, {
    ip: app.gateway.settings.ip,
    source: config.media.ipSource,
    listen: config.deviceHost,
    sipPort: devices.sipPort,
    rtpPort: devices.rtpPort,
    sipId: config.sip.id,
  });
  if (devices.generatedSipPassword) {
    // Like the admin password: printed once, when it is made; kept in the database from then on.
    process.stdout.write(
      `\n  GB28181 default device password: ${devices.generatedSipPassword}\n  (shown once; set SIP_PASSWORD to choose it)\n\n`,
    );
  }
  return app;
}

/** A bad setting or a refused start is one line saying why; anything else is a crash with its cause. */
export function die(err: unknown): never {
  process.stderr.write(
    err instanceof ConfigError || err instanceof StartRefused
      ? `${err.message}\n`
      : `${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
}
