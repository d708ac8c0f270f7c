// MediaStatus: the end-of-file notify written, read from a device's literal message, and refused without NotifyType.
import { describe, expect, it } from 'vitest';
import { mediaStatusNotify, readMediaStatus } from './media-status.js';
import { DEV, env, literal, msg } from './test-support.js';

describe('MediaStatus', () => {
  it('writes and reads back NotifyType', () => {
    expect(mediaStatusNotify({ sn: 6, deviceId: DEV, notifyType: 121 })).toContain('<NotifyType>121</NotifyType>');
    expect(readMediaStatus(msg(mediaStatusNotify({ sn: 1, deviceId: DEV, notifyType: 121 })))).toEqual({
      ok: true,
      value: { notifyType: 121 },
    });
  });

  it("reads a device's end-of-file notify", () => {
    const m = literal([
      '<Notify>',
      '<CmdType>MediaStatus</CmdType>',
      '<SN>40</SN>',
      '<DeviceID>34020000001310000001</DeviceID>',
      '<NotifyType>121</NotifyType>',
      '</Notify>',
    ]);
    expect(readMediaStatus(m)).toEqual({ ok: true, value: { notifyType: 121 } });
  });

  it('refuses a notify without NotifyType', () => {
    expect(readMediaStatus(env('Notify', 'MediaStatus', '')).ok).toBe(false);
  });
});
