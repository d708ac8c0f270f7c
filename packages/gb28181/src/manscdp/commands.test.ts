// Every MANSCDP writer against its literal XML, and every reader on what its writer wrote and on device variants.
import { describe, expect, it } from 'vitest';
import {
  alarmNotify,
  catalogNotify,
  catalogQuery,
  catalogResponse,
  configDownloadQuery,
  configDownloadResponse,
  controlResponse,
  deviceConfig,
  deviceInfoQuery,
  deviceInfoResponse,
  deviceStatusQuery,
  deviceStatusResponse,
  guardCmd,
  keepaliveNotify,
  mediaStatusNotify,
  ptzControl,
  readAlarm,
  readCatalog,
  readConfigDownload,
  readConfigDownloadQuery,
  readDeviceConfig,
  readDeviceControl,
  readDeviceInfo,
  readDeviceStatus,
  readKeepalive,
  readMediaStatus,
  readResult,
  teleBoot,
  type CatalogItem,
} from './commands.js';
import { encodeBody } from './encoding.js';
import { decodeManscdp, type ManscdpMessage } from './message.js';

const DEV = '34020000001320000001';

function msg(xml: string, enc: 'GB2312' | 'UTF-8' = 'GB2312'): ManscdpMessage {
  const r = decodeManscdp(encodeBody(xml, enc));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('writers', () => {
  it('write the envelope and fields in standard order', () => {
    expect(keepaliveNotify({ sn: 5, deviceId: DEV })).toBe(
      `<Notify>\r\n<CmdType>Keepalive</CmdType>\r\n<SN>5</SN>\r\n<DeviceID>${DEV}</DeviceID>\r\n<Status>OK</Status>\r\n</Notify>\r\n`,
    );
    expect(catalogQuery({ sn: 1, deviceId: DEV })).toBe(
      `<Query>\r\n<CmdType>Catalog</CmdType>\r\n<SN>1</SN>\r\n<DeviceID>${DEV}</DeviceID>\r\n</Query>\r\n`,
    );
    expect(guardCmd({ sn: 2, deviceId: DEV, guard: true })).toContain('<GuardCmd>SetGuard</GuardCmd>');
    expect(guardCmd({ sn: 2, deviceId: DEV, guard: false })).toContain('<GuardCmd>ResetGuard</GuardCmd>');
    expect(teleBoot({ sn: 3, deviceId: DEV })).toMatch(
      /^<Control>[\s\S]*<CmdType>DeviceControl<\/CmdType>[\s\S]*<TeleBoot>Boot<\/TeleBoot>/,
    );
    expect(configDownloadQuery({ sn: 4, deviceId: DEV, configType: 'BasicParam' })).toContain(
      '<ConfigType>BasicParam</ConfigType>',
    );
    expect(mediaStatusNotify({ sn: 6, deviceId: DEV, notifyType: 121 })).toContain('<NotifyType>121</NotifyType>');
    expect(deviceInfoQuery({ sn: 7, deviceId: DEV })).toContain('<CmdType>DeviceInfo</CmdType>');
    expect(deviceStatusQuery({ sn: 8, deviceId: DEV })).toContain('<CmdType>DeviceStatus</CmdType>');
  });

  it('escape text', () => {
    const xml = catalogResponse({ sn: 1, deviceId: DEV, sumNum: 1, items: [{ deviceId: DEV, name: 'A&B <"1">' }] });
    expect(xml).toContain('<Name>A&amp;B &lt;&quot;1&quot;&gt;</Name>');
    expect(readCatalog(msg(xml))).toEqual({
      ok: true,
      value: { sumNum: 1, items: [{ deviceId: DEV, name: 'A&B <"1">' }] },
    });
  });
});

describe('round trips through GB2312 bytes', () => {
  const items: CatalogItem[] = [
    {
      deviceId: '34020000001310000001',
      name: '大门口',
      manufacturer: 'Hikvision',
      model: 'DS-2CD',
      owner: 'Owner',
      civilCode: '340200',
      address: '北京路1号',
      parental: 0,
      parentId: DEV,
      registerWay: 1,
      secrecy: 0,
      status: 'ON',
      longitude: 120.123456,
      latitude: -30.5,
      ptzType: 1,
    },
    { deviceId: '34020000001310000002', name: '后门', status: 'OFF', event: 'ADD' },
  ];

  it('Catalog response and notify', () => {
    expect(readCatalog(msg(catalogResponse({ sn: 9, deviceId: DEV, sumNum: 5, items })))).toEqual({
      ok: true,
      value: { sumNum: 5, items },
    });
    const notify = msg(catalogNotify({ sn: 9, deviceId: DEV, sumNum: 2, items }), 'UTF-8');
    expect(notify.root).toBe('Notify');
    expect(readCatalog(notify)).toEqual({ ok: true, value: { sumNum: 2, items } });
  });

  it('DeviceInfo, DeviceStatus, control results', () => {
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
    const res = msg(controlResponse({ sn: 1, deviceId: DEV, cmdType: 'DeviceConfig', result: 'ERROR' }));
    expect(res.cmdType).toBe('DeviceConfig');
    expect(readResult(res)).toEqual({ ok: true, value: { result: 'ERROR' } });
  });

  it('DeviceControl, DeviceConfig, ConfigDownload', () => {
    expect(readDeviceControl(msg(teleBoot({ sn: 1, deviceId: DEV })))).toEqual({ ok: true, value: { teleBoot: true } });
    expect(readDeviceControl(msg(guardCmd({ sn: 1, deviceId: DEV, guard: false })))).toEqual({
      ok: true,
      value: { guard: false },
    });
    expect(readDeviceControl(msg(ptzControl({ sn: 1, deviceId: DEV, cmd: 'A50F010800FA00B7' })))).toEqual({
      ok: true,
      value: { ptzCmd: 'A50F010800FA00B7' },
    });
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
    expect(readConfigDownload(msg(configDownloadResponse({ sn: 1, deviceId: DEV, result: 'OK', basicParam })))).toEqual(
      {
        ok: true,
        value: { result: 'OK', basicParam },
      },
    );
    expect(
      readConfigDownloadQuery(msg(configDownloadQuery({ sn: 1, deviceId: DEV, configType: 'BasicParam' }))),
    ).toEqual({
      ok: true,
      value: { configType: ['BasicParam'] },
    });
  });

  it('Keepalive, Alarm, MediaStatus', () => {
    expect(readKeepalive(msg(keepaliveNotify({ sn: 1, deviceId: DEV, status: 'ERROR' })))).toEqual({
      ok: true,
      value: { status: 'ERROR' },
    });
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
    expect(readMediaStatus(msg(mediaStatusNotify({ sn: 1, deviceId: DEV, notifyType: 121 })))).toEqual({
      ok: true,
      value: { notifyType: 121 },
    });
  });
});

describe('readers on device variants', () => {
  const env = (root: string, cmd: string, inner: string): ManscdpMessage =>
    msg(`<${root}><CmdType>${cmd}</CmdType><SN>1</SN><DeviceID>${DEV}</DeviceID>${inner}</${root}>`);

  it('accept other element-name case, whitespace and PTZType beside the item', () => {
    const m = env(
      'Response',
      'catalog',
      '<sumnum> 2 </sumnum><devicelist num="1"><item>\n<deviceid> 3402 </deviceid>\n<name> 门 </name><status>ONLINE</status><PTZType>3</PTZType><Longitude></Longitude></item></devicelist>',
    );
    expect(readCatalog(m)).toEqual({
      ok: true,
      value: { sumNum: 2, items: [{ deviceId: '3402', name: '门', status: 'ON', ptzType: 3 }] },
    });
  });

  it('answer errors for wrong CmdType, wrong root and missing required fields', () => {
    expect(readCatalog(env('Response', 'DeviceInfo', ''))).toEqual({
      ok: false,
      error: 'CmdType DeviceInfo is not Catalog',
    });
    expect(readKeepalive(env('Response', 'Keepalive', ''))).toEqual({
      ok: false,
      error: 'Keepalive is not expected under <Response>',
    });
    expect(
      readCatalog(env('Response', 'Catalog', '<SumNum>1</SumNum><DeviceList><Item><Name>x</Name></Item></DeviceList>')),
    ).toEqual({
      ok: false,
      error: 'catalog item without DeviceID',
    });
    expect(readCatalog(env('Response', 'Catalog', '<SumNum>x</SumNum>'))).toEqual({ ok: false, error: 'bad SumNum' });
    expect(readDeviceStatus(env('Response', 'DeviceStatus', '<Result>OK</Result>'))).toEqual({
      ok: false,
      error: 'DeviceStatus without Online',
    });
    expect(readAlarm(env('Notify', 'Alarm', '<AlarmPriority>1</AlarmPriority>'))).toEqual({
      ok: false,
      error: 'Alarm lacks priority, method or time',
    });
    expect(readResult(env('Response', 'DeviceControl', ''))).toEqual({
      ok: false,
      error: 'DeviceControl response without Result',
    });
    expect(readDeviceControl(env('Control', 'DeviceControl', '<GuardCmd>Maybe</GuardCmd>')).ok).toBe(false);
    expect(readMediaStatus(env('Notify', 'MediaStatus', '')).ok).toBe(false);
  });

  it('read AlarmType written beside AlarmMethod by older firmware', () => {
    const m = env(
      'Notify',
      'Alarm',
      '<AlarmPriority>4</AlarmPriority><AlarmMethod>2</AlarmMethod><AlarmTime>2026-01-01T00:00:00</AlarmTime><AlarmType>5</AlarmType>',
    );
    expect(readAlarm(m)).toEqual({ ok: true, value: { priority: 4, method: 2, time: '2026-01-01T00:00:00', type: 5 } });
  });
});
