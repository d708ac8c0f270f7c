// DeviceStatus: the query against its literal XML, a camera's literal answer, a round trip and a missing Online.
import { describe, expect, it } from 'vitest';
import { deviceStatusQuery, deviceStatusResponse, readDeviceStatus } from './device-status.js';
import { DEV, env, literal, msg } from './test-support.js';

describe('DeviceStatus', () => {
  it('writes the query', () => {
    expect(deviceStatusQuery({ sn: 8, deviceId: DEV })).toBe(
      `<Query>\r\n<CmdType>DeviceStatus</CmdType>\r\n<SN>8</SN>\r\n<DeviceID>${DEV}</DeviceID>\r\n</Query>\r\n`,
    );
  });

  it("reads a camera's answer, lower-case values and all", () => {
    const m = literal([
      '<Response>',
      '<CmdType>DeviceStatus</CmdType>',
      '<SN>3</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<Result>OK</Result>',
      '<Online>online</Online>',
      '<Status>ok</Status>',
      '<Encode>ON</Encode>',
      '<Record>off</Record>',
      '<DeviceTime>2026-01-01T08:00:00</DeviceTime>',
      '<Alarmstatus Num="1">',
      '<Item>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<DutyStatus>OFFDUTY</DutyStatus>',
      '</Item>',
      '</Alarmstatus>',
      '</Response>',
    ]);
    expect(readDeviceStatus(m)).toEqual({
      ok: true,
      value: {
        result: 'OK',
        online: 'ONLINE',
        status: 'OK',
        encode: 'ON',
        record: 'OFF',
        deviceTime: '2026-01-01T08:00:00',
        alarms: [{ deviceId: DEV, dutyStatus: 'OFFDUTY' }],
      },
    });
  });

  it('round-trips through GB2312 bytes', () => {
    const status = {
      result: 'OK',
      online: 'ONLINE',
      status: 'OK',
      encode: 'ON' as const,
      record: 'OFF' as const,
      deviceTime: '2026-01-01T08:00:00',
      alarms: [{ deviceId: DEV, dutyStatus: 'OFFDUTY' }],
    };
    expect(readDeviceStatus(msg(deviceStatusResponse({ sn: 1, deviceId: DEV, ...status })))).toEqual({
      ok: true,
      value: status,
    });
  });

  it('refuses an answer without Online', () => {
    expect(readDeviceStatus(env('Response', 'DeviceStatus', '<Result>OK</Result>'))).toEqual({
      ok: false,
      error: 'DeviceStatus without Online',
    });
  });
});
