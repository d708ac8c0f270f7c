// buildApp(config) → a ready Fastify instance with every module; no listen, so tests use app.inject.
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifySchemaCompiler } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import {
  bootstrapPlatform,
  checkSecretKey,
  issueEnrolmentSecrets,
  sealPlaintextSecrets,
  type BootstrapResult,
} from './bootstrap.js';
import { loadSecretKey } from './crypto/secret-key.js';
import { registerAuth, type Principal } from './http/auth.js';
import { registerEnvelope } from './http/envelope.js';
import { registerOpenApi } from './http/openapi.js';
import { setSecurityHeaders } from './http/security-headers.js';
import { storableTextFirst } from './http/text-guard.js';
import { registerWeb } from './http/web.js';
import { Gb28181Gateway } from './gateway/gb28181/gateway.js';
import { LiveStreams } from './media/live.js';
import { mediaRoutes } from './media/routes.js';
import { RtpIngest } from './media/rtp-ingest.js';
import { UrlSigner } from './media/signing.js';
import { createLiveService, liveRoutes, watchableKeys } from './modules/device/live.js';
import { createCaptures } from './modules/device/capture.js';
import { createRestfulService, restfulRoutes } from './modules/device/restful.js';
import { createAlarmDispatch, type AlarmDispatch } from './modules/alarm/dispatch.js';
import { createAlarmIngest, type AlarmIngest } from './modules/alarm/ingest.js';
import { readAlarm } from '@svc/gb28181';
import { createNoticeService } from './modules/alarm/notice.js';
import { createAlarmPictures, type AlarmPictures } from './modules/alarm/pictures.js';
import { ensureAlarmPartitions } from './modules/alarm/partitions.js';
import { activityRepo } from './modules/activity/repo.js';
import { activityRoutes } from './modules/activity/routes.js';
import { alarmRoutes } from './modules/alarm/routes.js';
import { createAlarmService, createGuardService } from './modules/alarm/service.js';
import { deviceRoutes } from './modules/device/routes.js';
import { createDeviceService } from './modules/device/service.js';
import { createTagService } from './modules/device/tags.js';
import { createEmployeeService } from './modules/employee/service.js';
import { employeeRoutes } from './modules/employee/routes.js';
import { createEnterpriseService } from './modules/enterprise/service.js';
import { enterpriseRoutes } from './modules/enterprise/routes.js';
import { createGroupMemberService } from './modules/group/members.js';
import { createGroupService } from './modules/group/service.js';
import { groupRoutes } from './modules/group/routes.js';
import { createFileService } from './modules/file/service.js';
import { fileRoutes } from './modules/file/routes.js';
import { outboxRoutes } from './modules/outbox/routes.js';
import { createPlatformService } from './modules/platform/service.js';
import { createRoleGrantService } from './modules/project/role-grants.js';
import { projectRoutes } from './modules/project/routes.js';
import { createProjectService } from './modules/project/service.js';
import { platformRoutes } from './modules/platform/routes.js';
import { privilegeRoutes } from './modules/privilege/routes.js';
import { createRoleService } from './modules/role/service.js';
import { roleRoutes } from './modules/role/routes.js';
import { videoPrivilegeRoutes } from './modules/role/video.js';
import { createResetService } from './modules/reset/service.js';
import { resetRoutes } from './modules/reset/routes.js';
import { createSessionCache, type SessionCache } from './modules/session/cache.js';
import { loadPasswordCipher } from './modules/session/passwords.js';
import { createSessionService } from './modules/session/service.js';
import { sessionRoutes } from './modules/session/routes.js';
import { createNotifier, sandboxTransport, smtpTransport, type Transport } from './notify/notifier.js';
import { registerHealth } from './ops/health.js';
import { registerMetrics } from './ops/metrics.js';

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

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    clock: Clock;
    bootstrap: BootstrapResult;
    /** Modules that end or change sessions evict them here. */
    sessionCache: SessionCache;
    gateway: Gb28181Gateway;
    live: LiveStreams;
    rtpIngest: RtpIngest;
    alarms: { ingest: AlarmIngest; dispatch: AlarmDispatch; pictures: AlarmPictures };
    /**
     * Binds the SIP and RTP ports (after the HTTP one) on `host`, by default config.deviceHost;
     * answers the SIP password when it was just generated.
     */
    listenDevices(host?: string): Promise<{ sipPort: number; rtpPort: number; generatedSipPassword: string | null }>;
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = resolve(here, '../../web/dist');

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

export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  // Before the database: a bad key file stops the start having touched nothing.
  const secret = loadSecretKey(config);
  const db = overrides.db ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: config.dataDir }));
  const clock = overrides.clock ?? systemClock;
  await migrateToLatest(db);
  const bootstrap = await bootstrapPlatform(db, config.admin);
  await checkSecretKey(db, secret);
  const sealed = await sealPlaintextSecrets(db, secret.key);
  await issueEnrolmentSecrets(db, secret.key);

  // Devices' picture uploads are answered on node's HTTP server ahead of Fastify (pictures.serve).
  const devicePlane: { serve?: (req: IncomingMessage, res: ServerResponse) => boolean } = {};
  const app = Fastify({
    serverFactory: (handler, opts) => {
      const server = createServer((req, res) => {
        setSecurityHeaders(req.url, res);
        if (!devicePlane.serve?.(req, res)) handler(req, res);
      });
      // What Fastify sets on a server it makes itself (its defaults are filled in by then).
      const o = opts as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      server.keepAliveTimeout = o.keepAliveTimeout;
      server.requestTimeout = o.requestTimeout;
      server.setTimeout(o.connectionTimeout);
      return server;
    },
    logger: overrides.logger ?? loggerOptions(config.logLevel),
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
    // Default is plain JSON parsing; drop __proto__/constructor keys so a body cannot pollute prototypes.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
  });
  if (sealed > 0) app.log.info({ sealed }, 'sealed device passwords that were stored in plaintext');
  app.decorate('db', db);
  app.decorate('clock', clock);
  app.decorate('bootstrap', { getter: () => bootstrap });
  app.setValidatorCompiler(storableTextFirst(validatorCompiler as FastifySchemaCompiler<unknown>));
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => {
    if (!overrides.db) await db.destroy();
  });

  await app.register(cookie);
  // The project tree of a large enterprise is a megabyte of JSON; gzip makes it a tenth over a WAN.
  // Brotli's default quality costs more CPU than it saves here; big answers compress off the event
  // loop (the plugin streams them through zlib's thread pool).
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  // Uploads are read by the routes that take them, with their own size limits.
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10 } });
  registerEnvelope(app);
  await registerOpenApi(app);
  const observeRequest = registerMetrics(app, config.metricsToken);
  registerHealth(app, db);

  const cipher = await loadPasswordCipher(db);
  const sessionCache = createSessionCache(clock);
  app.decorate('sessionCache', sessionCache);
  const sessions = createSessionService({
    db,
    clock,
    cipher,
    cache: sessionCache,
    captchaMode: config.loginCaptcha,
    title: config.title,
    aiLoginNames: config.aiLoginNames,
    ...(overrides.drawCaptcha ? { drawCaptcha: overrides.drawCaptcha } : {}),
  });
  registerAuth(app, sessions.resolve);
  const notifier = createNotifier({
    db,
    clock,
    email:
      overrides.emailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.smtpFrom) : sandboxTransport),
    sms: overrides.smsTransport ?? sandboxTransport,
  });

  sessionRoutes(app, sessions);
  const recovery = createResetService({ db, clock, cipher, notifier, sessionCache, log: app.log });
  app.addHook('onClose', async () => recovery.settle());
  resetRoutes(app, recovery);
  outboxRoutes(app, db);
  enterpriseRoutes(app, createEnterpriseService({ db, cipher, sessionCache }));
  privilegeRoutes(app);
  roleRoutes(app, createRoleService({ db, sessionCache }));
  videoPrivilegeRoutes(app, db, sessionCache);
  groupRoutes(app, createGroupService({ db, sessionCache }), createGroupMemberService({ db, sessionCache }));
  employeeRoutes(app, createEmployeeService({ db, clock, cipher, sessionCache }), db);
  const files = createFileService({ db, dataDir: config.dataDir });
  app.addHook('onClose', async () => files.close());
  fileRoutes(app, files);
  platformRoutes(app, createPlatformService({ db, files, sessionCache }));
  projectRoutes(app, createProjectService({ db, files }), createRoleGrantService({ db, sessionCache }));
  const devices = createDeviceService({ db, secretKey: secret.key });
  deviceRoutes(app, devices, createTagService({ db }));
  activityRoutes(app, db);

  // Devices and media: the gateway and the RTP port exist from here on, but bind only in listenDevices.
  const gateway = new Gb28181Gateway({
    db,
    log: app.log,
    config,
    secretKey: secret.key,
    now: () => clock.now().getTime(),
    ...(overrides.gateway?.syncJitterMs !== undefined ? { syncJitterMs: overrides.gateway.syncJitterMs } : {}),
  });
  const rtpIngest = new RtpIngest();
  let rtpPort = config.media.rtpPort;
  const live = new LiveStreams({
    gateway,
    ingest: rtpIngest,
    mediaPort: () => rtpPort,
    log: app.log,
    ...(overrides.gateway?.firstFrameMs !== undefined ? { firstFrameMs: overrides.gateway.firstFrameMs } : {}),
    ...(overrides.gateway?.idleMs !== undefined ? { idleMs: overrides.gateway.idleMs } : {}),
  });
  const signer = new UrlSigner();
  app.decorate('gateway', gateway);
  app.decorate('live', live);
  app.decorate('rtpIngest', rtpIngest);
  app.decorate('listenDevices', async (host: string = config.deviceHost) => {
    rtpPort = await rtpIngest.listen(config.media.rtpPort, host);
    const sip = await gateway.listen(host);
    return { sipPort: sip.port, rtpPort, generatedSipPassword: sip.generatedPassword };
  });
  app.addHook('onClose', async () => {
    await live.close();
    await gateway.close();
    await rtpIngest.close();
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Media URLs open only with the session that asked for them, checked as the API checks a token.
  mediaRoutes(app, live, signer, {
    resolve: sessions.resolve,
    current: sessions.current,
    watchable: (p, keys) => watchableKeys(db, p, keys),
    onChange: sessionCache.onEvict,
  });
  // Devices post pictures to our HTTP port at the address they reach the gateway by. The port is
  // read once listening (an alarm asks for it each time; server.address() is a system call).
  let httpPort: number | undefined;
  const publicBase = () => {
    if (httpPort === undefined) {
      const address = app.server.address();
      if (typeof address !== 'object' || !address) return `http://${gateway.settings.ip}:${config.port}`;
      httpPort = address.port;
    }
    return `http://${gateway.settings.ip}:${httpPort}`;
  };
  const captures = createCaptures({ gateway, signer: new UrlSigner(), publicBase, now: () => clock.now().getTime() });
  captures.routes(app);
  restfulRoutes(app, createRestfulService({ db, gateway, captures }));
  alarmRoutes(
    app,
    createAlarmService({ db, now: () => clock.now(), files }),
    createNoticeService({ db }),
    createGuardService({ db, gateway }),
  );
  // Device alarms: stored before the device hears 200 (gateway.alarmSink), told afterwards.
  const dispatch = createAlarmDispatch({ db, notifier, now: () => clock.now(), log: app.log });
  const pictures = createAlarmPictures({
    db,
    files,
    gateway,
    signer: new UrlSigner(),
    publicBase,
    now: () => clock.now().getTime(),
    log: app.log,
    observe: (method, status, seconds) => observeRequest('/upload/alarm/:id', method, status, seconds),
  });
  devicePlane.serve = pictures.serve;
  const ingest = createAlarmIngest({
    db,
    now: () => clock.now(),
    onStored: (a) => {
      dispatch.enqueue(a);
      pictures.request(a).catch((err: unknown) => app.log.error({ err }, 'alarm picture request'));
    },
  });
  app.decorate('alarms', { ingest, dispatch, pictures });
  gateway.alarmSink = async (reg, m) => {
    const n = readAlarm(m);
    if (!n.ok) return 400;
    return ingest.deviceAlarm(
      { deviceId: reg.deviceId, gbCode: reg.gbCode },
      { sn: m.sn, alarmDeviceId: m.deviceId, ...n.value },
    );
  };
  gateway.onOffline((reg, reason) => {
    // A new registration of the same device replacing the old one is not an offline transition.
    if (reason === 'replaced') return;
    ingest.deviceOffline(reg.deviceId, reason).catch((err: unknown) => app.log.error({ err }, 'offline alarm'));
  });
  const noticeTimer = setInterval(() => {
    dispatch.flushDigests().catch((err: unknown) => app.log.error({ err }, 'alarm digests'));
    notifier.retryDue().catch((err: unknown) => app.log.error({ err }, 'outbox retry'));
  }, 10_000);
  noticeTimer.unref();
  app.addHook('onClose', async () => clearInterval(noticeTimer));
  await ensureAlarmPartitions(db, clock.now());
  // Next month's partition is made ahead; a daily look is plenty.
  const partitionTimer = setInterval(() => {
    ensureAlarmPartitions(db, clock.now()).catch((err: unknown) => app.log.error({ err }, 'alarm partitions'));
    activityRepo.prune(db, clock.now()).catch((err: unknown) => app.log.error({ err }, 'activity retention'));
  }, 86_400_000);
  partitionTimer.unref();
  app.addHook('onClose', async () => clearInterval(partitionTimer));
  const enrolment = (caller: Principal) => devices.enrolment(caller);
  liveRoutes(app, createLiveService({ db, gateway, live, signer, now: () => clock.now().getTime(), enrolment }));

  const webDist = config.webDist ?? (existsSync(join(DEFAULT_WEB_DIST, 'index.html')) ? DEFAULT_WEB_DIST : undefined);
  await registerWeb(app, webDist);
  await app.ready();
  return app;
}
