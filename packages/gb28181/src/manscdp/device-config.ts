// DeviceConfig: the platform setting a device's BasicParam or asking it for snapshots (SnapShotConfig).
import { ok, type ParseResult } from '../result.js';
import { basicParamXml, readBasicParam, type BasicParam } from './basic-param.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { block, defined, envelope, expect, tag } from './write.js';
import { child } from './xml.js';

export type { BasicParam } from './basic-param.js';

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
