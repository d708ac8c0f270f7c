// buildApp(config) → a ready Fastify instance: the core, then each module as a plugin, in the order they depend
// on each other. No listen, so tests use app.inject; main.ts binds the ports.
import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import core from './core.js';
import type { Db } from './db/database.js';
import gateway from './gateway/gb28181/plugin.js';
import http from './http/plugin.js';
import { createFastify } from './http/server.js';
import web from './http/web.js';
import media from './media/plugin.js';
import activity from './modules/activity/plugin.js';
import alarm from './modules/alarm/plugin.js';
import device from './modules/device/plugin.js';
import employee from './modules/employee/plugin.js';
import enterprise from './modules/enterprise/plugin.js';
import file from './modules/file/plugin.js';
import group from './modules/group/plugin.js';
import outbox from './modules/outbox/plugin.js';
import platform from './modules/platform/plugin.js';
import privilege from './modules/privilege/plugin.js';
import project from './modules/project/plugin.js';
import reset from './modules/reset/plugin.js';
import role from './modules/role/plugin.js';
import session from './modules/session/plugin.js';
import notify from './notify/plugin.js';
import type { Transport } from './notify/notifier.js';
import ops from './ops/plugin.js';

export { loggerOptions } from './http/server.js';

/** What tests and tools may replace; everything else comes from the config. */
export type AppOverrides = {
  db?: Db;
  clock?: Clock;
  emailTransport?: Transport;
  smsTransport?: Transport;
  drawCaptcha?: () => { text: string; svg: string };
  /** pino logger options, or false for none (tests). */
  logger?: boolean | object;
  /** Tests shorten the gateway's waits. */
  gateway?: { syncJitterMs?: number; firstFrameMs?: number; idleMs?: number };
};

export async function buildApp(config: Config, o: AppOverrides = {}): Promise<FastifyInstance> {
  const app = createFastify(config, o.logger);
  await app.register(core, { config, db: o.db, clock: o.clock });
  await app.register(http);
  await app.register(ops);
  await app.register(notify, { email: o.emailTransport, sms: o.smsTransport });
  await app.register(session, { drawCaptcha: o.drawCaptcha });
  for (const module of [reset, outbox, enterprise, privilege, role, group, employee, file, platform, project, activity])
    await app.register(module);
  await app.register(gateway, { syncJitterMs: o.gateway?.syncJitterMs });
  await app.register(media, { firstFrameMs: o.gateway?.firstFrameMs, idleMs: o.gateway?.idleMs });
  await app.register(device);
  await app.register(alarm);
  await app.register(web);
  await app.ready();
  return app;
}
