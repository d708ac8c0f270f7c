// The demo's alarm scheduler against the real gateway: simulated cameras and an NVR registered as `npm run demo`
// registers them raise alarms of several types, each round on the demo's timer, and every alarm gets its picture
// through the device path (the platform asks, the device uploads).
import { createSimulator, type Simulator } from '@svc/device-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS_PER_ROUND, startDemoAlarms, type DemoAlarms, type DemoTimer } from '../../src/demo-alarms.js';
import { gatewayApp } from '../gateway-app.js';
import type { TestApp } from '../helper.js';
import { until } from '../wait.js';

const IPC_FIRST = '34020000001320000401';
const NVR_ID = '34020000001180000401';
const PASSWORD = 'demo-cam-pass';
const INTERVAL_MS = 5 * 60_000;

let t: TestApp;
let token: string;
let sims: Simulator[] = [];
let demo: DemoAlarms | undefined;

/** The demo's timers, fired by the test: nothing waits for minutes. */
function manualTimer() {
  const timers: { ms: number; repeat: boolean; fn: () => void }[] = [];
  const timer: DemoTimer = {
    after(ms, fn) {
      const entry = { ms, repeat: false, fn };
      timers.push(entry);
      return () => void timers.splice(timers.indexOf(entry), 1);
    },
    every(ms, fn) {
      const entry = { ms, repeat: true, fn };
      timers.push(entry);
      return () => void timers.splice(timers.indexOf(entry), 1);
    },
  };
  return {
    timer,
    timers,
    /** Fires what is due first: the one-off first round, else the repeating one. */
    fire() {
      const next = timers.find((e) => !e.repeat) ?? timers.find((e) => e.repeat);
      if (!next) throw new Error('no demo timer is set');
      if (!next.repeat) timers.splice(timers.indexOf(next), 1);
      next.fn();
    },
  };
}

const post = async (url: string, payload: unknown) =>
  (
    await t.call({
      method: 'POST',
      url,
      headers: { xaccesstoken: token, language: 'en-US', timezone: 'UTC' },
      payload: payload as object,
    })
  ).body as { code: number; data?: unknown };

const alarmRows = () =>
  t.db
    .selectFrom('alarm')
    .leftJoin('channel', 'channel.id', 'alarm.channel_id')
    .select(['alarm.id', 'alarm.type', 'alarm.source', 'alarm.picture_file_id', 'alarm.device_id', 'channel.index_no'])
    .where('alarm.source', '=', 'device')
    .orderBy('alarm.id')
    .execute();

beforeAll(async () => {
  const site = await gatewayApp({
    enterprise: 'Demo Security',
    project: 'Warehouse',
    env: { SIP_PASSWORD: 'platform-pass' },
    overrides: { gateway: { syncJitterMs: 0 } },
  });
  t = site.t;
  token = site.boss.token;
  const { sipPort, projectId } = site;
  // The simulated devices post their alarm pictures over HTTP.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const [i, devName] of ['Lobby camera', 'Gate camera'].entries()) {
    const gbCode = `${IPC_FIRST.slice(0, 14)}${String(Number(IPC_FIRST.slice(14)) + i).padStart(6, '0')}`;
    const sn = `DEMOIPC${String(i + 401).padStart(6, '0')}`;
    const added = await post('/api/device/add', {
      sn,
      devName,
      devType: 'IPC',
      projectId,
      password: PASSWORD,
      gbCode,
    });
    expect(added.code).toBe(1);
  }
  expect(
    (
      await post('/api/device/add', {
        sn: 'DEMONVR000401',
        devName: 'Warehouse NVR',
        devType: 'NVR',
        projectId,
        password: PASSWORD,
        gbCode: NVR_ID,
      })
    ).code,
  ).toBe(1);
  const common = {
    server: { host: '127.0.0.1', port: sipPort },
    password: PASSWORD,
    bindHost: '127.0.0.1',
    retrySeconds: 1,
  };
  sims = [
    createSimulator({ ...common, type: 'ipc', count: 2, firstId: IPC_FIRST }),
    createSimulator({ ...common, type: 'nvr', count: 1, channels: 2, firstId: NVR_ID }),
  ];
  await Promise.all(sims.map((s) => s.start()));
  await until('the fleet registers', () =>
    sims.every((s) => s.stats().registered === s.devices.length) ? true : undefined,
  );
  // The NVR's channels come from its catalog: an alarm names one by its GB code.
  await until('the NVR reports its channels', async () => {
    const n = await t.db
      .selectFrom('channel')
      .innerJoin('device', 'device.id', 'channel.device_id')
      .select('channel.id')
      .where('device.gb_code', '=', NVR_ID)
      .where('channel.gb_code', 'is not', null)
      .execute();
    return n.length === 2 ? true : undefined;
  });
}, 60_000);

afterAll(async () => {
  demo?.stop();
  await Promise.all(sims.map((s) => s.stop().catch(() => undefined)));
  await t?.close();
});

describe('the demo’s alarms', () => {
  it('raises alarms of several types with pictures each round, NVR alarms on its channels, until stopped', async () => {
    const clock = manualTimer();
    demo = startDemoAlarms({
      devices: () => sims.flatMap((s) => s.devices),
      intervalMs: INTERVAL_MS,
      timer: clock.timer,
    });
    // Nothing until the first round is due.
    expect(await alarmRows()).toHaveLength(0);
    expect(clock.timers.map((e) => e.ms)).toEqual([20_000]);

    clock.fire();
    const first = await until('the first round is stored', async () => {
      const rows = await alarmRows();
      return rows.length === ALARMS_PER_ROUND ? rows : undefined;
    });
    expect(new Set(first.map((r) => r.type))).toEqual(new Set(['A', 'B', 'C']));
    // Then one round every interval.
    expect(clock.timers.map((e) => [e.ms, e.repeat])).toEqual([[INTERVAL_MS, true]]);
    clock.fire();
    clock.fire();
    const rows = await until('three rounds are stored', async () => {
      const all = await alarmRows();
      return all.length === 3 * ALARMS_PER_ROUND ? all : undefined;
    });
    expect(new Set(rows.map((r) => r.device_id)).size).toBe(3);
    // The NVR's alarms name its channels, the next one each time.
    const nvrChannels = rows.filter((r) => r.index_no !== null).map((r) => r.index_no);
    expect(nvrChannels.length).toBeGreaterThanOrEqual(2);
    expect(new Set(nvrChannels)).toEqual(new Set([1, 2]));
    // Every alarm's picture came up the device path.
    await until('every alarm has its picture', async () =>
      (await alarmRows()).every((r) => r.picture_file_id !== null) ? true : undefined,
    );
    const listed = (await post('/api/alarm/queryListAll', {})).data as { picture: string | null; type: string }[];
    expect(listed.filter((a) => a.picture !== null)).toHaveLength(3 * ALARMS_PER_ROUND);

    demo.stop();
    expect(clock.timers).toHaveLength(0);
  });

  it('answers how many alarms the platform took when a round is run by hand, and skips devices not registered', async () => {
    const before = (await alarmRows()).length;
    const quiet = startDemoAlarms({
      devices: () => [],
      intervalMs: INTERVAL_MS,
      timer: manualTimer().timer,
    });
    expect(await quiet.round()).toBe(0);
    quiet.stop();
    const round = startDemoAlarms({
      devices: () => sims.flatMap((s) => s.devices),
      intervalMs: INTERVAL_MS,
      timer: manualTimer().timer,
    });
    expect(await round.round()).toBe(ALARMS_PER_ROUND);
    round.stop();
    expect((await alarmRows()).length).toBe(before + ALARMS_PER_ROUND);
    await until('the round’s pictures', async () =>
      (await alarmRows()).every((r) => r.picture_file_id !== null) ? true : undefined,
    );
  });
});
