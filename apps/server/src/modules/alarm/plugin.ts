// The alarm module, end to end: a device's alarm arrives through the gateway, is stored (ingest) before
// the device hears 200, then told to whoever should hear (dispatch) while its pictures are asked for
// and received (pictures); the console lists, reads and handles alarms (routes).
import fp from 'fastify-plugin';
import { readAlarm } from '@svc/gb28181';
import { every } from '../../clock.js';
import { UrlSigner } from '../../media/signing.js';
import { createAlarmDispatch, type AlarmDispatch } from './dispatch.js';
import { createAlarmIngest, type AlarmIngest } from './ingest.js';
import { createNoticeService } from './notice.js';
import { ensureAlarmPartitions } from './partitions.js';
import { createAlarmPictures, type AlarmPictures } from './pictures.js';
import { alarmRoutes } from './routes.js';
import { createAlarmService, createGuardService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    alarms: { ingest: AlarmIngest; dispatch: AlarmDispatch; pictures: AlarmPictures };
  }
}

export default fp(
  async (app) => {
    const { db, gateway, clock, files, log } = app;
    const now = () => clock.now();
    alarmRoutes(
      app,
      createAlarmService({ db, now, files }),
      createNoticeService({ db }),
      createGuardService({ db, gateway }),
    );

    const dispatch = createAlarmDispatch({ db, notifier: app.notifier, now, log });
    const pictures = createAlarmPictures({
      db,
      files,
      gateway,
      signer: new UrlSigner(),
      publicBase: app.deviceHttpBase,
      now: () => clock.now().getTime(),
      log,
      observe: (method, status, seconds) => app.observeRequest('/upload/alarm/:id', method, status, seconds),
    });
    // Devices post pictures to the HTTP port ahead of Fastify.
    app.rawHandlers.push(pictures.serve);
    const ingest = createAlarmIngest({
      db,
      now,
      onStored: (a) => {
        dispatch.enqueue(a);
        pictures.request(a).catch((err: unknown) => log.error({ err }, 'alarm picture request'));
      },
    });
    app.decorate('alarms', { ingest, dispatch, pictures });

    // Stored before the device hears 200: a device that hears nothing sends the alarm again.
    gateway.onManscdp('Notify', 'Alarm', {
      answer: 'after',
      handle: async (reg, m) => {
        const n = readAlarm(m);
        if (!n.ok) return 400;
        return ingest.deviceAlarm(
          { deviceId: reg.deviceId, gbCode: reg.gbCode },
          { sn: m.sn, alarmDeviceId: m.deviceId, ...n.value },
        );
      },
    });
    gateway.onOffline((reg, reason) => {
      // A new registration of the same device replacing the old one is not an offline transition.
      if (reason === 'replaced') return;
      ingest.deviceOffline(reg.deviceId, reason).catch((err: unknown) => log.error({ err }, 'offline alarm'));
    });

    every(app, 10_000, 'alarm digests', () => dispatch.flushDigests());
    // Next month's partition is made ahead; a daily look is plenty.
    await ensureAlarmPartitions(db, clock.now());
    every(app, 86_400_000, 'alarm partitions', () => ensureAlarmPartitions(db, clock.now()));
  },
  { name: 'alarm', dependencies: ['session', 'notify', 'ops', 'file', 'gateway'] },
);
