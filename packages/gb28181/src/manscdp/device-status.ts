// DeviceStatus: the platform's query and the device's answer (online, encoding, recording, alarm inputs).
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { block, defined, envelope, expect, tag } from './write.js';
import { child, childText, children, type XmlElement } from './xml.js';

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
