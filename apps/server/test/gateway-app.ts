// An app whose GB28181 gateway listens for devices on loopback, with one site (an enterprise and a
// project) to add the test's cameras to through the API.
import type { AppOverrides } from '../src/app.js';
import { createTestApp, type TestApp } from './helper.js';
import { apiSite, type Enterprise } from './factories.js';

export type GatewayApp = {
  t: TestApp;
  sipPort: number;
  /** The device password the gateway generated on listening, when SIP_PASSWORD is not set. */
  generatedSipPassword: string | null;
  /** The super administrator's session. */
  admin: string;
  boss: Enterprise;
  projectId: number;
};

/** `env` adds settings to the SIP, RTP and media address ones; the rest goes to createTestApp as it is. */
export async function gatewayApp(o: {
  enterprise: string;
  project: string;
  env?: Record<string, string>;
  overrides?: AppOverrides;
  restartable?: boolean;
}): Promise<GatewayApp> {
  const t = await createTestApp({ SIP_PORT: '0', RTP_PORT: '0', MEDIA_IP: '127.0.0.1', ...o.env }, o.overrides, {
    restartable: o.restartable ?? false,
  });
  const { sipPort, generatedSipPassword } = await t.app.listenDevices('127.0.0.1');
  return { t, sipPort, generatedSipPassword, ...(await apiSite(t, o)) };
}
