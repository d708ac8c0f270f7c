// Localised names of the alarm enumerations (SPEC §3): types A–H, handling states, notice channels, read state; and
// an alarm's content as a reader sees it.
import { eventType, offlineReasonOf, type Alarm, type AlarmType, type Handling } from '@svc/contracts';
import type { NoticeChannel } from '../api/types';

type Translate = (key: string) => string;

export const typeName = (t: Translate, type: AlarmType) => t(`alarm.type.${type}`);
export const handlingName = (t: Translate, handling: Handling) => t(`alarm.handling.${handling}`);
export const channelName = (t: Translate, channel: NoticeChannel) => t(`alarm.channel.${channel}`);

/**
 * The content column: the platform's offline alarm and a device's SPEC event name (`VideoMotion`) translated; any
 * other event name a device sends, and the text of a manual alarm, as written; a device alarm without a word, its
 * type's name rather than nothing.
 */
export function contentText(t: Translate, alarm: Pick<Alarm, 'source' | 'content' | 'type'>): string {
  if (alarm.source === 'offline') {
    const reason = offlineReasonOf(alarm.content);
    return t(reason ? `project:alarm.offline.${reason}` : 'project:alarm.offline.other');
  }
  if (alarm.source === 'device') {
    const type = eventType(alarm.content);
    if (type) return typeName(t, type);
    if (alarm.content.trim() === '') return typeName(t, alarm.type);
  }
  return alarm.content;
}

/** The content beside the type's own name: empty when it would only say that name again (`VideoMotion` of type A). */
export function contentDetail(t: Translate, alarm: Pick<Alarm, 'source' | 'content' | 'type'>): string {
  const text = contentText(t, alarm);
  return text === typeName(t, alarm.type) ? '' : text;
}

export const HANDLING_COLORS: Record<Handling, string> = {
  untreated: 'red',
  treating: 'orange',
  treated: 'green',
};
