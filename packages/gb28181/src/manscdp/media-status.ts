// MediaStatus: the device's Notify about a playback or download stream (NotifyType 121: end of file).
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { envelope, expect, int, tag } from './write.js';
import { childText } from './xml.js';

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
