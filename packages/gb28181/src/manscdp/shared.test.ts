// The Result a device answers DeviceControl and DeviceConfig with: written, read from a literal answer, and refused when absent.
import { describe, expect, it } from 'vitest';
import { controlResponse, readResult } from './shared.js';
import { DEV, env, literal, msg } from './test-support.js';

describe('control results', () => {
  it('round-trip through GB2312 bytes', () => {
    const res = msg(controlResponse({ sn: 1, deviceId: DEV, cmdType: 'DeviceConfig', result: 'ERROR' }));
    expect(res.cmdType).toBe('DeviceConfig');
    expect(readResult(res)).toEqual({ ok: true, value: { result: 'ERROR' } });
  });

  it("read a camera's answer to a control", () => {
    const m = literal([
      '<Response>',
      '<CmdType>DeviceControl</CmdType>',
      '<SN>9</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<Result>ok</Result>',
      '</Response>',
    ]);
    expect(readResult(m)).toEqual({ ok: true, value: { result: 'OK' } });
  });

  it('refuse an answer without Result', () => {
    expect(readResult(env('Response', 'DeviceControl', ''))).toEqual({
      ok: false,
      error: 'DeviceControl response without Result',
    });
  });
});
