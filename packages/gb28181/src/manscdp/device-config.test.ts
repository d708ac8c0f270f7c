// DeviceConfig: BasicParam written and read back, and SnapShotConfig against its literal XML.
import { describe, expect, it } from 'vitest';
import { deviceConfig, readDeviceConfig, snapShotConfig } from './device-config.js';
import { DEV, literal, msg } from './test-support.js';

describe('DeviceConfig', () => {
  it('round-trips BasicParam through GB2312 bytes', () => {
    const basicParam = {
      name: '摄像机',
      expiration: 3600,
      heartBeatInterval: 60,
      heartBeatCount: 3,
      positionCapability: 0,
    };
    expect(readDeviceConfig(msg(deviceConfig({ sn: 1, deviceId: DEV, basicParam })))).toEqual({
      ok: true,
      value: { basicParam },
    });
  });

  it('reads a BasicParam a platform sends', () => {
    const m = literal([
      '<Control>',
      '<CmdType>DeviceConfig</CmdType>',
      '<SN>12</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<BasicParam>',
      '<Name>Camera 01</Name>',
      '<HeartBeatInterval>30</HeartBeatInterval>',
      '<HeartBeatCount>3</HeartBeatCount>',
      '</BasicParam>',
      '</Control>',
    ]);
    expect(readDeviceConfig(m)).toEqual({
      ok: true,
      value: { basicParam: { name: 'Camera 01', heartBeatInterval: 30, heartBeatCount: 3 } },
    });
  });

  it('writes SnapShotConfig with the upload address and session', () => {
    expect(snapShotConfig({ sn: 4, deviceId: DEV, uploadUrl: 'http://10.0.0.1/upload?a=1&b=2', sessionId: 's1' })).toBe(
      `<Control>\r\n<CmdType>DeviceConfig</CmdType>\r\n<SN>4</SN>\r\n<DeviceID>${DEV}</DeviceID>\r\n` +
        '<SnapShotConfig>\r\n<SnapNum>1</SnapNum>\r\n<Interval>1</Interval>\r\n' +
        '<UploadURL>http://10.0.0.1/upload?a=1&amp;b=2</UploadURL>\r\n<SessionID>s1</SessionID>\r\n</SnapShotConfig>\r\n' +
        '</Control>\r\n',
    );
  });
});
