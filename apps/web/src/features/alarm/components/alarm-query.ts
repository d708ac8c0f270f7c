// Pure rules of the alarm list: filter values → AlarmQuery (SPEC §5 end not before start), cursor paging, capped totals.
import type { Dayjs } from 'dayjs';
import type { AlarmFilter, AlarmQuery, AlarmType, Handling } from '@svc/contracts';
import type { ReadStatus } from '../api/types';

/** SPEC §7: alarm times travel as `YYYY-MM-DD HH:mm:ss` in the browser's zone (the client sends it as `timezone`). */
export const ALARM_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The tree's links carry `?projectId=`; a positive integer or nothing. */
export function projectIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

export interface AlarmFilterValues {
  projectId?: number;
  deviceId?: number;
  type?: AlarmType;
  begin?: Dayjs | null;
  end?: Dayjs | null;
  status?: ReadStatus;
  handling?: Handling;
}

export type FilterResult = { filter: AlarmFilter } | { error: 'alarm.filter.endBeforeStart' };

/** Drops empty choices; refuses an end before the start rather than asking the server for nothing. */
export function toAlarmFilter(values: AlarmFilterValues): FilterResult {
  const { begin, end } = values;
  if (begin && end && end.isBefore(begin)) return { error: 'alarm.filter.endBeforeStart' };
  const filter: AlarmFilter = {};
  if (values.projectId !== undefined) filter.projectId = values.projectId;
  if (values.deviceId !== undefined) filter.deviceId = values.deviceId;
  if (values.type !== undefined) filter.type = values.type;
  if (begin) filter.alarmTimeBegin = begin.format(ALARM_TIME_FORMAT);
  if (end) filter.alarmTimeEnd = end.format(ALARM_TIME_FORMAT);
  if (values.status !== undefined) filter.status = values.status;
  if (values.handling !== undefined) filter.handling = values.handling;
  return { filter };
}

export interface Paging {
  page: number;
  size: number;
  /** The nextCursor of page − 1, when the user stepped forward one page. */
  cursor?: string;
}

export const FIRST_PAGE: Paging = { page: 1, size: 20 };

/**
 * The server seeks by key when given the previous page's nextCursor (deep pages stay fast); any other jump
 * (back, far ahead, a new size) asks by page number.
 */
export function turnPage(current: Paging, page: number, size: number, nextCursor: string | null | undefined): Paging {
  if (size !== current.size) return { page: 1, size };
  if (page === current.page + 1 && nextCursor) return { page, size, cursor: nextCursor };
  return { page, size };
}

export function toAlarmQuery(filter: AlarmFilter, paging: Paging): AlarmQuery {
  const query: AlarmQuery = { ...filter, page: paging.page, size: paging.size };
  if (paging.cursor) query.cursor = paging.cursor;
  return query;
}

/** "10,000+" when the server stopped counting (totalCapped), else the plain number, grouped for `locale`. */
export function formatTotal(total: number, capped: boolean, locale: string): string {
  const text = new Intl.NumberFormat(locale).format(total);
  return capped ? `${text}+` : text;
}
