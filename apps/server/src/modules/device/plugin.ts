// The device module: devices, channels and tags; the device calls (restful, capture); live play and its stream URLs.
import fp from 'fastify-plugin';
import type { Principal } from '../../http/auth.js';
import { mediaRoutes } from '../../media/routes.js';
import { UrlSigner } from '../../media/signing.js';
import { createCaptures } from './capture.js';
import { createLiveService, liveRoutes, watchableKeys } from './live.js';
import { createRestfulService, restfulRoutes } from './restful.js';
import { deviceRoutes } from './routes.js';
import { createDeviceService } from './service.js';
import { createTagService } from './tags.js';
import { createDeviceWriter } from './writer.js';

export default fp(
  async (app) => {
    const { db, gateway, clock } = app;
    const now = () => clock.now().getTime();
    // The gateway writes device, channel and registration rows through this module's repos.
    gateway.useDevices(createDeviceWriter(db));
    const devices = createDeviceService({ db, secretKey: app.secretKey });
    deviceRoutes(app, devices, createTagService({ db }));

    const captures = createCaptures({ gateway, signer: new UrlSigner(), publicBase: app.deviceHttpBase, now });
    captures.routes(app);
    restfulRoutes(app, createRestfulService({ db, gateway, captures }));

    const signer = app.streamSigner;
    const enrolment = (caller: Principal) => devices.enrolment(caller);
    liveRoutes(app, createLiveService({ db, gateway, live: app.live, signer, now, enrolment }));
    // Media URLs open only with the session that asked for them, checked as the API checks a token.
    mediaRoutes(app, app.live, signer, {
      resolve: app.sessions.resolve,
      current: app.sessions.current,
      watchable: (p, keys) => watchableKeys(db, p, keys),
      onChange: app.sessionCache.onEvict,
    });
  },
  { name: 'device', dependencies: ['session', 'gateway', 'media'] },
);
