// What a poll's new alarms say: the notification's title and lines, and the sentence spoken (SPEC §4 polling).
import type { Alarm } from '@svc/contracts';

// Keys name their namespace: callers pass the `t` of any namespace (the header speaks `project`).
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The notification lists this many alarms; the rest are counted. */
export const NOTICE_LINES = 3;

export interface AlarmNoticeText {
  title: string;
  lines: string[];
  speech: string;
}

export function alarmNoticeText(alarms: readonly Alarm[], t: Translate): AlarmNoticeText {
  const typeName = (a: Alarm) => t(`project:alarm.type.${a.type}`);
  const where = (a: Alarm) => (a.channelTitle ? `${a.deviceName} / ${a.channelTitle}` : a.deviceName);
  const first = alarms[0];
  if (alarms.length === 1 && first) {
    return {
      title: typeName(first),
      lines: [`${where(first)} · ${first.alarmTime}`],
      speech: t('project:alarm.speech.one', { type: typeName(first), device: first.deviceName }),
    };
  }
  const lines = alarms.slice(0, NOTICE_LINES).map((a) => `${typeName(a)} · ${where(a)} · ${a.alarmTime}`);
  if (alarms.length > NOTICE_LINES) lines.push(t('project:alarm.notice.more', { count: alarms.length - NOTICE_LINES }));
  return {
    title: t('project:alarm.notice.many', { count: alarms.length }),
    lines,
    speech: t('project:alarm.speech.many', { count: alarms.length }),
  };
}
