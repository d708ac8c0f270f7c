// Keepalive: the writer against its literal XML, the reader on a camera's literal notify and on what the writer wrote.
import { describe, expect, it } from 'vitest';
import { keepaliveNotify, readKeepalive } from './keepalive.js';
import { DEV, env, literal, msg } from './test-support.js';

describe('Keepalive', () => {
  it('writes the envelope and Status in standard order', () => {
    expect(keepaliveNotify({ sn: 5, deviceId: DEV })).toBe(
      `<Notify>\r\n<CmdType>Keepalive</CmdType>\r\n<SN>5</SN>\r\n<DeviceID>${DEV}</DeviceID>\r\n<Status>OK</Status>\r\n</Notify>\r\n`,
    );
  });

  it("reads a camera's keepalive", () => {
    const m = literal([
      '<Notify>',
      '<CmdType>Keepalive</CmdType>',
      '<SN>1205</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<Status>OK</Status>',
      '</Notify>',
    ]);
    expect(m).toMatchObject({ root: 'Notify', cmdType: 'Keepalive', sn: 1205, deviceId: DEV });
    expect(readKeepalive(m)).toEqual({ ok: true, value: { status: 'OK' } });
  });

  it('round-trips through GB2312 bytes', () => {
    expect(readKeepalive(msg(keepaliveNotify({ sn: 1, deviceId: DEV, status: 'ERROR' })))).toEqual({
      ok: true,
      value: { status: 'ERROR' },
    });
  });

  it('refuses a keepalive under the wrong root', () => {
    expect(readKeepalive(env('Response', 'Keepalive', ''))).toEqual({
      ok: false,
      error: 'Keepalive is not expected under <Response>',
    });
  });
});
