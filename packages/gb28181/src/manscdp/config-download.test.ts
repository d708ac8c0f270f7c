// ConfigDownload: the query written and read back, and a device's BasicParam answer, literal and round-tripped.
import { describe, expect, it } from 'vitest';
import {
  configDownloadQuery,
  configDownloadResponse,
  readConfigDownload,
  readConfigDownloadQuery,
} from './config-download.js';
import { DEV, env, literal, msg } from './test-support.js';

describe('ConfigDownload', () => {
  it('writes and reads the query', () => {
    expect(configDownloadQuery({ sn: 4, deviceId: DEV, configType: 'BasicParam' })).toContain(
      '<ConfigType>BasicParam</ConfigType>',
    );
    expect(
      readConfigDownloadQuery(msg(configDownloadQuery({ sn: 1, deviceId: DEV, configType: 'BasicParam' }))),
    ).toEqual({
      ok: true,
      value: { configType: ['BasicParam'] },
    });
  });

  it("reads a platform's query for several config types", () => {
    expect(
      readConfigDownloadQuery(env('Query', 'ConfigDownload', '<ConfigType>BasicParam/VideoParamOpt</ConfigType>')),
    ).toEqual({
      ok: true,
      value: { configType: ['BasicParam', 'VideoParamOpt'] },
    });
  });

  it('round-trips the answer through GB2312 bytes', () => {
    const basicParam = {
      name: '摄像机',
      expiration: 3600,
      heartBeatInterval: 60,
      heartBeatCount: 3,
      positionCapability: 0,
    };
    expect(readConfigDownload(msg(configDownloadResponse({ sn: 1, deviceId: DEV, result: 'OK', basicParam })))).toEqual(
      {
        ok: true,
        value: { result: 'OK', basicParam },
      },
    );
  });

  it("reads a camera's answer", () => {
    const m = literal([
      '<Response>',
      '<CmdType>ConfigDownload</CmdType>',
      '<SN>21</SN>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<Result>OK</Result>',
      '<BasicParam>',
      '<Name>IPC</Name>',
      `<DeviceID>${DEV}</DeviceID>`,
      '<SIPServerID>34020000002000000001</SIPServerID>',
      '<Expiration>3600</Expiration>',
      '<HeartBeatInterval>60</HeartBeatInterval>',
      '<HeartBeatCount>3</HeartBeatCount>',
      '</BasicParam>',
      '</Response>',
    ]);
    expect(readConfigDownload(m)).toEqual({
      ok: true,
      value: { result: 'OK', basicParam: { name: 'IPC', expiration: 3600, heartBeatInterval: 60, heartBeatCount: 3 } },
    });
  });
});
