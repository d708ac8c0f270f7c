// DeviceInfo: the platform's query and the device's answer (name, maker, model, firmware, channel count).
import { ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { defined, envelope, expect, int, tag } from './write.js';
import { childText } from './xml.js';

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
