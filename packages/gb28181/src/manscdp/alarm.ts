// Alarm: the device's Notify of an alarm (priority, method, time, type, where).
import { fail, ok, type ParseResult } from '../result.js';
import type { ManscdpMessage } from './message.js';
import type { Addr } from './shared.js';
import { block, defined, envelope, expect, int, num, tag } from './write.js';
import { child, childText } from './xml.js';

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
