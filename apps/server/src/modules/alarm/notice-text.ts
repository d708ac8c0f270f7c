// What an alarm notice says (email subject and body; SMS and voice take the same text), in the recipient's language
// and on their clock: SPEC §3 type names and the platform's offline alarm translated, a device's own event name as
// sent when no SPEC name stands for it.
import {
  DEFAULT_LANGUAGE,
  eventType,
  LANGUAGES,
  offlineReasonOf,
  translate,
  type AlarmType,
  type Language,
} from '@svc/contracts';
import { formatZoned } from '../../http/zoned-time.js';

export interface NoticeAlarm {
  type: AlarmType;
  source: 'device' | 'offline' | 'manual';
  content: string;
  alarmTime: Date;
}

/** A stored language, when it is one of ours; else the default. */
export function noticeLanguage(stored: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

/** The alarm's content as a reader sees it: the offline alarm and SPEC event names translated, other text as sent. */
export function contentText(lang: Language, a: Pick<NoticeAlarm, 'source' | 'content'>): string {
  if (a.source === 'offline') {
    const reason = offlineReasonOf(a.content);
    return translate(lang, reason ? `alarm.offline.${reason}` : 'alarm.offline');
  }
  if (a.source === 'device') {
    const type = eventType(a.content);
    if (type) return translate(lang, `alarm.type.${type}`);
  }
  return a.content;
}

export function noticeText(
  lang: Language,
  timeZone: string | null,
  a: NoticeAlarm,
  device: { name: string; sn: string },
  held: number,
): { subject: string; body: string } {
  const what = a.source === 'offline' ? contentText(lang, a) : translate(lang, `alarm.type.${a.type}`);
  const zone = timeZone ?? 'UTC';
  const subject = translate(lang, 'alarm.notice.subject', { what, device: device.name });
  const detail = contentText(lang, a);
  const lines = [
    subject,
    translate(lang, 'alarm.notice.device', { device: device.name, sn: device.sn }),
    translate(lang, 'alarm.notice.time', { time: formatZoned(a.alarmTime, zone), zone }),
    // A device that named its event by the type's own name says nothing more than the subject.
    ...(detail && detail !== what ? [detail] : []),
    ...(held > 0 ? [translate(lang, 'alarm.notice.held', { count: held })] : []),
  ];
  return { subject, body: lines.join('\n') };
}
