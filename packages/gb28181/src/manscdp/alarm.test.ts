// Alarm: a camera's literal notify, the writer round-tripped, older firmware's AlarmType, and missing fields.
import { describe, expect, it } from 'vitest';
import { alarmNotify, readAlarm } from './alarm.js';
import { DEV, env, literal, msg } from './test-support.js';

describe('Alarm', () => {
  it("reads a camera's motion alarm", () => {
    const m = literal([
      '<Notify>',
      '<CmdType>Alarm</CmdType>',
      '<SN>88</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<AlarmPriority>4</AlarmPriority>',
      '<AlarmMethod>5</AlarmMethod>',
      '<AlarmTime>2026-03-01T10:00:00</AlarmTime>',
      '<Info>',
      '<AlarmType>2</AlarmType>',
      '</Info>',
      '</Notify>',
    ]);
    expect(readAlarm(m)).toEqual({ ok: true, value: { priority: 4, method: 5, time: '2026-03-01T10:00:00', type: 2 } });
  });

  it('round-trips through GB2312 bytes', () => {
    const alarm = {
      priority: 1,
      method: 5,
      time: '2026-03-01T10:00:00',
      type: 2,
      description: '移动侦测',
      longitude: 116.4,
      latitude: 39.9,
    };
    expect(readAlarm(msg(alarmNotify({ sn: 1, deviceId: DEV, ...alarm })))).toEqual({ ok: true, value: alarm });
  });

  it('reads AlarmType written beside AlarmMethod by older firmware', () => {
    const m = env(
      'Notify',
      'Alarm',
      '<AlarmPriority>4</AlarmPriority><AlarmMethod>2</AlarmMethod><AlarmTime>2026-01-01T00:00:00</AlarmTime><AlarmType>5</AlarmType>',
    );
    expect(readAlarm(m)).toEqual({ ok: true, value: { priority: 4, method: 2, time: '2026-01-01T00:00:00', type: 5 } });
  });

  it('refuses an alarm without priority, method or time', () => {
    expect(readAlarm(env('Notify', 'Alarm', '<AlarmPriority>1</AlarmPriority>'))).toEqual({
      ok: false,
      error: 'Alarm lacks priority, method or time',
    });
  });
});
