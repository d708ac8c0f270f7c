// One writer and one reader per MANSCDP CmdType the platform speaks (GB/T 28181-2016 appendix A).
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import { block, defined, envelope, expect, int, num, tag } from './write.js';
import { child, childText, children, type XmlElement } from './xml.js';

export { catalogNotify, catalogQuery, catalogResponse, readCatalog } from './catalog.js';
export type { CatalogEvent, CatalogItem } from './catalog.js';

type Addr = { sn: number; deviceId: string };

export function keepaliveNotify(a: Addr & { status?: 'OK' | 'ERROR' }): string {
  return envelope('Notify', 'Keepalive', a.sn, a.deviceId, [tag('Status', a.status ?? 'OK')]);
}

export function readKeepalive(m: ManscdpMessage): ParseResult<{ status: string }> {
  const ex = expect(m, 'Keepalive', ['Notify']);
  if (!ex.ok) return ex;
  return ok({ status: childText(m.el, 'Status') || 'OK' });
}

export function deviceInfoQuery(a: Addr): string {
  return envelope('Query', 'DeviceInfo', a.sn, a.deviceId, []);
}

export interface DeviceInfo {
  deviceName?: string;
  manufacturer?: string;
  model?: string;
  firmware?: string;
  channel?: number;
  result?: string;
}

export function deviceInfoResponse(a: Addr & DeviceInfo): string {
  return envelope('Response', 'DeviceInfo', a.sn, a.deviceId, [
    tag('DeviceName', a.deviceName),
    tag('Result', a.result ?? 'OK'),
    tag('Manufacturer', a.manufacturer),
    tag('Model', a.model),
    tag('Firmware', a.firmware),
    tag('Channel', a.channel),
  ]);
}

export function readDeviceInfo(m: ManscdpMessage): ParseResult<DeviceInfo> {
  const ex = expect(m, 'DeviceInfo', ['Response']);
  if (!ex.ok) return ex;
  const el = m.el;
  return ok(
    defined({
      deviceName: childText(el, 'DeviceName'),
      manufacturer: childText(el, 'Manufacturer'),
      model: childText(el, 'Model'),
      firmware: childText(el, 'Firmware'),
      channel: int(childText(el, 'Channel')),
      result: childText(el, 'Result'),
    }),
  );
}

export function deviceStatusQuery(a: Addr): string {
  return envelope('Query', 'DeviceStatus', a.sn, a.deviceId, []);
}

export interface DeviceStatus {
  result: string;
  online: 'ONLINE' | 'OFFLINE' | string;
  status: 'OK' | 'ERROR' | string;
  encode?: 'ON' | 'OFF';
  record?: 'ON' | 'OFF';
  deviceTime?: string;
  alarms?: { deviceId: string; dutyStatus: string }[];
}

export function deviceStatusResponse(a: Addr & DeviceStatus): string {
  const alarms = a.alarms?.map((x) => block('Item', [tag('DeviceID', x.deviceId), tag('DutyStatus', x.dutyStatus)]));
  return envelope('Response', 'DeviceStatus', a.sn, a.deviceId, [
    tag('Result', a.result),
    tag('Online', a.online),
    tag('Status', a.status),
    tag('Encode', a.encode),
    tag('Record', a.record),
    tag('DeviceTime', a.deviceTime),
    alarms ? block('Alarmstatus', alarms, [['Num', alarms.length]]) : '',
  ]);
}

function readAlarmStatus(el: XmlElement | undefined): { deviceId: string; dutyStatus: string }[] | undefined {
  if (!el) return undefined;
  return children(el, 'Item').map((i) => ({
    deviceId: childText(i, 'DeviceID') ?? '',
    dutyStatus: childText(i, 'DutyStatus') ?? '',
  }));
}

export function readDeviceStatus(m: ManscdpMessage): ParseResult<DeviceStatus> {
  const ex = expect(m, 'DeviceStatus', ['Response']);
  if (!ex.ok) return ex;
  const el = m.el;
  const online = childText(el, 'Online')?.toUpperCase();
  if (!online) return fail('DeviceStatus without Online');
  const onOffOnly = (t: string | undefined): 'ON' | 'OFF' | undefined => {
    const v = t?.toUpperCase();
    return v === 'ON' || v === 'OFF' ? v : undefined;
  };
  return ok(
    defined({
      result: childText(el, 'Result') || 'OK',
      online,
      status: childText(el, 'Status')?.toUpperCase() || 'OK',
      encode: onOffOnly(childText(el, 'Encode')),
      record: onOffOnly(childText(el, 'Record')),
      deviceTime: childText(el, 'DeviceTime'),
      alarms: readAlarmStatus(child(el, 'Alarmstatus')),
    }),
  );
}

/** Control DeviceControl <TeleBoot>Boot</TeleBoot>: remote reboot. */
export function teleBoot(a: Addr): string {
  return envelope('Control', 'DeviceControl', a.sn, a.deviceId, [tag('TeleBoot', 'Boot')]);
}

/** Arming; many Hikvision devices deliver alarms only after SetGuard. */
export function guardCmd(a: Addr & { guard: boolean }): string {
  return envelope('Control', 'DeviceControl', a.sn, a.deviceId, [tag('GuardCmd', a.guard ? 'SetGuard' : 'ResetGuard')]);
}

/** PTZ: `cmd` is the 8-byte A50F… control code as 16 hex digits (appendix A.3). */
export function ptzControl(a: Addr & { cmd: string }): string {
  return envelope('Control', 'DeviceControl', a.sn, a.deviceId, [tag('PTZCmd', a.cmd)]);
}

export function readDeviceControl(
  m: ManscdpMessage,
): ParseResult<{ teleBoot?: boolean; guard?: boolean; ptzCmd?: string }> {
  const ex = expect(m, 'DeviceControl', ['Control']);
  if (!ex.ok) return ex;
  const boot = childText(m.el, 'TeleBoot');
  const guard = childText(m.el, 'GuardCmd')?.toLowerCase();
  if (guard !== undefined && guard !== 'setguard' && guard !== 'resetguard') return fail(`bad GuardCmd ${guard}`);
  return ok(
    defined({
      teleBoot: boot !== undefined ? boot.toLowerCase() === 'boot' : undefined,
      guard: guard !== undefined ? guard === 'setguard' : undefined,
      ptzCmd: childText(m.el, 'PTZCmd'),
    }),
  );
}

export interface BasicParam {
  name?: string;
  expiration?: number;
  heartBeatInterval?: number;
  heartBeatCount?: number;
  positionCapability?: number;
}

function basicParamXml(p: BasicParam): string {
  return block('BasicParam', [
    tag('Name', p.name),
    tag('Expiration', p.expiration),
    tag('HeartBeatInterval', p.heartBeatInterval),
    tag('HeartBeatCount', p.heartBeatCount),
    tag('PositionCapability', p.positionCapability),
  ]);
}

function readBasicParam(el: XmlElement | undefined): BasicParam | undefined {
  if (!el) return undefined;
  return defined({
    name: childText(el, 'Name'),
    expiration: int(childText(el, 'Expiration')),
    heartBeatInterval: int(childText(el, 'HeartBeatInterval')),
    heartBeatCount: int(childText(el, 'HeartBeatCount')),
    positionCapability: int(childText(el, 'PositionCapability')),
  });
}

/** Control DeviceConfig with a BasicParam block. */
export function deviceConfig(a: Addr & { basicParam: BasicParam }): string {
  return envelope('Control', 'DeviceConfig', a.sn, a.deviceId, [basicParamXml(a.basicParam)]);
}

/**
 * Control DeviceConfig with a SnapShotConfig block (GB/T 28181-2022): take `snapNum` pictures and
 * upload them to `uploadUrl`; the session id comes back in the device's upload report.
 */
export function snapShotConfig(a: Addr & { uploadUrl: string; sessionId: string; snapNum?: number }): string {
  return envelope('Control', 'DeviceConfig', a.sn, a.deviceId, [
    block('SnapShotConfig', [
      tag('SnapNum', a.snapNum ?? 1),
      tag('Interval', 1),
      tag('UploadURL', a.uploadUrl),
      tag('SessionID', a.sessionId),
    ]),
  ]);
}

export function readDeviceConfig(m: ManscdpMessage): ParseResult<{ basicParam?: BasicParam }> {
  const ex = expect(m, 'DeviceConfig', ['Control']);
  if (!ex.ok) return ex;
  return ok(defined({ basicParam: readBasicParam(child(m.el, 'BasicParam')) }));
}

export function configDownloadQuery(a: Addr & { configType: 'BasicParam' }): string {
  return envelope('Query', 'ConfigDownload', a.sn, a.deviceId, [tag('ConfigType', a.configType)]);
}

/** ConfigType of a ConfigDownload query ("BasicParam", "VideoParamOpt", … possibly '/'-joined). */
export function readConfigDownloadQuery(m: ManscdpMessage): ParseResult<{ configType: string[] }> {
  const ex = expect(m, 'ConfigDownload', ['Query']);
  if (!ex.ok) return ex;
  const t = childText(m.el, 'ConfigType');
  if (!t) return fail('ConfigDownload without ConfigType');
  return ok({ configType: t.split('/').map((s) => s.trim()) });
}

export function configDownloadResponse(a: Addr & { result: string; basicParam: BasicParam }): string {
  return envelope('Response', 'ConfigDownload', a.sn, a.deviceId, [
    tag('Result', a.result),
    basicParamXml(a.basicParam),
  ]);
}

export function readConfigDownload(m: ManscdpMessage): ParseResult<{ result: string; basicParam?: BasicParam }> {
  const ex = expect(m, 'ConfigDownload', ['Response']);
  if (!ex.ok) return ex;
  return ok(
    defined({ result: childText(m.el, 'Result') || 'OK', basicParam: readBasicParam(child(m.el, 'BasicParam')) }),
  );
}

/** A device's answer to DeviceControl or DeviceConfig. */
export function controlResponse(
  a: Addr & { cmdType: 'DeviceControl' | 'DeviceConfig'; result: 'OK' | 'ERROR' },
): string {
  return envelope('Response', a.cmdType, a.sn, a.deviceId, [tag('Result', a.result)]);
}

export function readResult(m: ManscdpMessage): ParseResult<{ result: string }> {
  if (m.root !== 'Response') return fail(`a result comes in <Response>, not <${m.root}>`);
  const result = childText(m.el, 'Result');
  if (!result) return fail(`${m.cmdType} response without Result`);
  return ok({ result: result.toUpperCase() });
}

export interface AlarmNotice {
  priority: number;
  method: number;
  time: string;
  type?: number;
  description?: string;
  longitude?: number;
  latitude?: number;
}

export function alarmNotify(a: Addr & AlarmNotice): string {
  return envelope('Notify', 'Alarm', a.sn, a.deviceId, [
    tag('AlarmPriority', a.priority),
    tag('AlarmMethod', a.method),
    tag('AlarmTime', a.time),
    tag('AlarmDescription', a.description),
    tag('Longitude', a.longitude),
    tag('Latitude', a.latitude),
    a.type !== undefined ? block('Info', [tag('AlarmType', a.type)]) : '',
  ]);
}

export function readAlarm(m: ManscdpMessage): ParseResult<AlarmNotice> {
  const ex = expect(m, 'Alarm', ['Notify', 'Response']);
  if (!ex.ok) return ex;
  const el = m.el;
  const priority = int(childText(el, 'AlarmPriority'));
  const method = int(childText(el, 'AlarmMethod'));
  const time = childText(el, 'AlarmTime');
  if (priority === undefined || method === undefined || !time) return fail('Alarm lacks priority, method or time');
  const info = child(el, 'Info');
  return ok(
    defined({
      priority,
      method,
      time,
      // 2016 carries AlarmType under <Info>; older firmware writes it beside AlarmMethod.
      type: int((info && childText(info, 'AlarmType')) ?? childText(el, 'AlarmType')),
      description: childText(el, 'AlarmDescription'),
      longitude: num(childText(el, 'Longitude')),
      latitude: num(childText(el, 'Latitude')),
    }),
  );
}

/** NotifyType 121: the device reached the end of a playback/download file. */
export function mediaStatusNotify(a: Addr & { notifyType: number }): string {
  return envelope('Notify', 'MediaStatus', a.sn, a.deviceId, [tag('NotifyType', a.notifyType)]);
}

export function readMediaStatus(m: ManscdpMessage): ParseResult<{ notifyType: number }> {
  const ex = expect(m, 'MediaStatus', ['Notify']);
  if (!ex.ok) return ex;
  const notifyType = int(childText(m.el, 'NotifyType'));
  return notifyType === undefined ? fail('MediaStatus without NotifyType') : ok({ notifyType });
}
