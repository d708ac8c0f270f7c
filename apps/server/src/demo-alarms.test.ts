// How `npm run demo` is told its alarm interval, and that a round asks every kind of alarm of devices in turn.
import type { SimDevice } from '@svc/device-sim';
import { describe, expect, it } from 'vitest';
import { ALARMS_PER_ROUND, DEFAULT_ALARM_MINUTES, demoAlarmInterval, startDemoAlarms } from './demo-alarms.js';

const idle = { after: () => () => undefined, every: () => () => undefined };

describe('demo alarm interval', () => {
  it('defaults to a few minutes, and takes minutes from the command line before the environment', () => {
    expect(demoAlarmInterval([], {})).toBe(DEFAULT_ALARM_MINUTES * 60_000);
    expect(demoAlarmInterval([], { DEMO_ALARM_MINUTES: '10' })).toBe(600_000);
    expect(demoAlarmInterval(['--alarm-minutes', '0.5'], { DEMO_ALARM_MINUTES: '10' })).toBe(30_000);
    expect(demoAlarmInterval(['--alarm-minutes=2'], {})).toBe(120_000);
  });

  it('is off with the flag, DEMO_ALARMS=off or zero minutes', () => {
    expect(demoAlarmInterval(['--no-alarms'], { DEMO_ALARM_MINUTES: '1' })).toBeNull();
    expect(demoAlarmInterval([], { DEMO_ALARMS: 'off' })).toBeNull();
    expect(demoAlarmInterval([], { DEMO_ALARM_MINUTES: '0' })).toBeNull();
  });

  it('refuses an interval that is no number of minutes', () => {
    expect(() => demoAlarmInterval(['--alarm-minutes', 'soon'], {})).toThrow(/0 to 1440 minutes, got soon/);
    expect(() => demoAlarmInterval([], { DEMO_ALARM_MINUTES: '-1' })).toThrow(/got -1/);
  });
});

describe('demo alarm rounds', () => {
  const device = (id: string, type: 'ipc' | 'nvr', registered = true) =>
    ({
      id,
      type,
      registered,
      channels: type === 'nvr' ? [{ id: `${id}-1` }, { id: `${id}-2` }] : [{ id: `${id}-c` }],
    }) as unknown as SimDevice;

  it('raises one alarm of each kind a round, from registered devices in turn, NVR channels in turn', async () => {
    const raised: { id: string; kind: number; channel: string | undefined }[] = [];
    const fleet = [device('cam1', 'ipc'), device('down', 'ipc', false), device('nvr', 'nvr')];
    const demo = startDemoAlarms({
      devices: () => fleet,
      intervalMs: 60_000,
      timer: idle,
      raise: (d, o) => {
        raised.push({ id: d.id, kind: o?.kind ?? -1, channel: o?.channel });
        return Promise.resolve(d.id === 'cam1' ? 200 : 500);
      },
    });
    expect(await demo.round()).toBe(2);
    expect(await demo.round()).toBe(1);
    expect(raised.map((r) => r.kind)).toEqual([0, 1, 2, 0, 1, 2]);
    expect(raised.map((r) => r.id)).toEqual(['cam1', 'nvr', 'cam1', 'nvr', 'cam1', 'nvr']);
    expect(raised.filter((r) => r.id === 'nvr').map((r) => r.channel)).toEqual(['nvr-1', 'nvr-2', 'nvr-1']);
    expect(raised.filter((r) => r.id === 'cam1').every((r) => r.channel === undefined)).toBe(true);
    expect(raised).toHaveLength(2 * ALARMS_PER_ROUND);
  });
});
