// SPEC §4, §9 alarm polling constants and the window each poll asks for.
import dayjs from 'dayjs';
import type { LatestAlarms } from '../api/types';
import { ALARM_TIME_FORMAT } from '../components/alarm-query';

export const POLL_INTERVAL_MS = 60_000;
export const POLL_WINDOW_MS = 60_000;

/** The last minute up to `now`, in the browser's zone (dayjs formats local time). */
export function pollWindow(now: number, windowMs = POLL_WINDOW_MS): LatestAlarms {
  return {
    alarmTimeBegin: dayjs(now - windowMs).format(ALARM_TIME_FORMAT),
    alarmTimeEnd: dayjs(now).format(ALARM_TIME_FORMAT),
  };
}
