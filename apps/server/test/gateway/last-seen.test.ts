// What the device list says of a device the platform hears from: its channels, GB code, address
// (IP:port) and when it was last heard from — written at most every 5 minutes while it keeps alive,
// and exactly when it goes offline.
import { createSimulator, type Simulator } from '@svc/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEN_STORE_MS } from '../../src/gateway/gb28181/gateway.js';
import type { Device } from '@svc/contracts';
import type { TestApp } from '../helper.js';
import { apiDevice, type Enterprise } from '../factories.js';
import { gatewayApp } from '../gateway-app.js';
import { until } from '../wait.js';

const CAMERA = '34020000001320000731';
const PASSWORD = 'seen-pass-1';
const MINUTE = 60_000;

type Listed = Pick<Device, 'id' | 'statusLive' | 'gbCode' | 'ip' | 'port' | 'channelCount' | 'lastSeen'>;

let t: TestApp;
let sipPort: number;
let boss: Enterprise;
let deviceId: number;
let sim: Simulator | undefined;

const post = async (url: string, payload: object) =>
  (await t.call({ method: 'POST', url, headers: { xaccesstoken: boss.token }, payload })).body;
const listed = async (): Promise<Listed> => {
  const page = (await post('/api/device/page/queryList', { page: 1, size: 10 })).data as { list: Listed[] };
  return page.list.find((d) => d.id === deviceId)!;
};
/** Moves the platform's clock on, then waits for the camera's next keepalive to arrive at that time. */
async function keepaliveAfter(ms: number): Promise<number> {
  t.clock.advance(ms);
  const at = t.clock.now().getTime();
  await until('a keepalive at the new time', () => t.app.gateway.registration(CAMERA)?.lastSeen === at);
  return at;
}

beforeAll(async () => {
  let projectId: number;
  ({ t, sipPort, boss, projectId } = await gatewayApp({
    enterprise: 'Seen Sites',
    project: 'Depot',
    overrides: { gateway: { syncJitterMs: 0 } },
  }));
  ({ id: deviceId } = await apiDevice(t, boss.token, {
    projectId,
    sn: 'SEENCAM000731',
    devName: 'Depot camera',
    password: PASSWORD,
    gbCode: CAMERA,
  }));
}, 60_000);

afterAll(async () => {
  await sim?.stop();
  await t?.close();
});

describe('device list: address and last seen', () => {
  it('shows a device never heard from with no address and no last-seen time', async () => {
    expect(await listed()).toMatchObject({
      statusLive: 'offline',
      gbCode: CAMERA,
      ip: null,
      port: null,
      channelCount: 1,
      lastSeen: null,
    });
  });

  it('answers the registration, then keepalives at most every 5 minutes, and the last one when it goes offline', async () => {
    sim = createSimulator({
      server: { host: '127.0.0.1', port: sipPort },
      type: 'ipc',
      count: 1,
      firstId: CAMERA,
      password: PASSWORD,
      bindHost: '127.0.0.1',
      keepaliveSeconds: 0.1,
      retrySeconds: 1,
    });
    await sim.start();
    await until('registered', () => sim!.stats().registered > 0);
    const registeredAt = t.app.gateway.registration(CAMERA)!.lastSeen;
    const online = await until('listed online', async () => {
      const d = await listed();
      return d.statusLive === 'online' && d;
    });
    expect(online).toMatchObject({ ip: '127.0.0.1', lastSeen: new Date(registeredAt).toISOString() });
    expect(online.port).toBeGreaterThan(0);

    // Keepalives within SEEN_STORE_MS of the stored time are not written…
    expect(SEEN_STORE_MS).toBe(5 * MINUTE);
    await keepaliveAfter(2 * MINUTE);
    await keepaliveAfter(2 * MINUTE);
    await new Promise((r) => setTimeout(r, 400));
    expect((await listed()).lastSeen).toBe(new Date(registeredAt).toISOString());
    // …the first one past it is.
    const sixMinutes = await keepaliveAfter(2 * MINUTE);
    await until('the keepalive written', async () => (await listed()).lastSeen === new Date(sixMinutes).toISOString());

    // Going offline writes the very last sign of life, though it is newer by less than 5 minutes.
    const last = await keepaliveAfter(MINUTE);
    await sim.stop();
    sim = undefined;
    const offline = await until('listed offline', async () => {
      const d = await listed();
      return d.statusLive === 'offline' && d;
    });
    expect(offline.lastSeen).toBe(new Date(last).toISOString());
  });
});
