// DeviceInfo: the query against its literal XML, a camera's literal answer, and a round trip.
import { describe, expect, it } from 'vitest';
import { deviceInfoQuery, deviceInfoResponse, readDeviceInfo } from './device-info.js';
import { DEV, literal, msg } from './test-support.js';

describe('DeviceInfo', () => {
  it('writes the query', () => {
    expect(deviceInfoQuery({ sn: 7, deviceId: DEV })).toBe(
      `<Query>\r\n<CmdType>DeviceInfo</CmdType>\r\n<SN>7</SN>\r\n<DeviceID>${DEV}</DeviceID>\r\n</Query>\r\n`,
    );
  });

  it("reads a camera's answer", () => {
    const m = literal([
      '<Response>',
      '<CmdType>DeviceInfo</CmdType>',
      '<SN>17430</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<DeviceName>IP CAMERA</DeviceName>',
      '<Result>OK</Result>',
      '<DeviceType>IPC</DeviceType>',
      '<Manufacturer>Hikvision</Manufacturer>',
      '<Model>DS-2CD3T46WDV3-I3</Model>',
      '<Firmware>V5.7.3</Firmware>',
      '<MaxCamera>1</MaxCamera>',
      '<MaxAlarm>1</MaxAlarm>',
      '<Channel>1</Channel>',
      '</Response>',
    ]);
    expect(readDeviceInfo(m)).toEqual({
      ok: true,
      value: {
        deviceName: 'IP CAMERA',
        manufacturer: 'Hikvision',
        model: 'DS-2CD3T46WDV3-I3',
        firmware: 'V5.7.3',
        channel: 1,
        result: 'OK',
      },
    });
  });

  it('round-trips through GB2312 bytes', () => {
    const info = {
      deviceName: '前门',
      manufacturer: 'Hikvision',
      model: 'IPC',
      firmware: 'V5.5',
      channel: 4,
      result: 'OK',
    };
    expect(readDeviceInfo(msg(deviceInfoResponse({ sn: 1, deviceId: DEV, ...info })))).toEqual({
      ok: true,
      value: info,
    });
  });
});
