// DeviceControl: TeleBoot, GuardCmd and PTZCmd written and read back, a literal PTZ command, and a bad GuardCmd.
import { describe, expect, it } from 'vitest';
import { guardCmd, ptzControl, readDeviceControl, teleBoot } from './device-control.js';
import { DEV, env, literal, msg } from './test-support.js';

describe('DeviceControl', () => {
  it('writes TeleBoot and GuardCmd', () => {
    expect(guardCmd({ sn: 2, deviceId: DEV, guard: true })).toContain('<GuardCmd>SetGuard</GuardCmd>');
    expect(guardCmd({ sn: 2, deviceId: DEV, guard: false })).toContain('<GuardCmd>ResetGuard</GuardCmd>');
    expect(teleBoot({ sn: 3, deviceId: DEV })).toMatch(
      /^<Control>[\s\S]*<CmdType>DeviceControl<\/CmdType>[\s\S]*<TeleBoot>Boot<\/TeleBoot>/,
    );
  });

  it('reads back what it wrote', () => {
    expect(readDeviceControl(msg(teleBoot({ sn: 1, deviceId: DEV })))).toEqual({ ok: true, value: { teleBoot: true } });
    expect(readDeviceControl(msg(guardCmd({ sn: 1, deviceId: DEV, guard: false })))).toEqual({
      ok: true,
      value: { guard: false },
    });
    expect(readDeviceControl(msg(ptzControl({ sn: 1, deviceId: DEV, cmd: 'A50F010800FA00B7' })))).toEqual({
      ok: true,
      value: { ptzCmd: 'A50F010800FA00B7' },
    });
  });

  it('reads a PTZ command as a platform sends it', () => {
    const m = literal([
      '<Control>',
      '<CmdType>DeviceControl</CmdType>',
      '<SN>11</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<PTZCmd>A50F0108FA00B7</PTZCmd>',
      '<Info>',
      '<ControlPriority>5</ControlPriority>',
      '</Info>',
      '</Control>',
    ]);
    expect(readDeviceControl(m)).toEqual({ ok: true, value: { ptzCmd: 'A50F0108FA00B7' } });
  });

  it('refuses a GuardCmd that is neither SetGuard nor ResetGuard', () => {
    expect(readDeviceControl(env('Control', 'DeviceControl', '<GuardCmd>Maybe</GuardCmd>')).ok).toBe(false);
  });
});
