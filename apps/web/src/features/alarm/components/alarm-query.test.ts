// Filter values → query (SPEC §5 end not before start), cursor paging and capped totals of the alarm list.
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE, formatTotal, projectIdParam, toAlarmFilter, toAlarmQuery, turnPage } from './alarm-query';

describe('toAlarmFilter', () => {
  it('keeps only chosen filters and formats times as YYYY-MM-DD HH:mm:ss', () => {
    expect(
      toAlarmFilter({
        projectId: 3,
        type: 'B',
        begin: dayjs('2026-03-01T08:00:00'),
        end: dayjs('2026-03-01T09:30:05'),
        status: 0,
        handling: 'treating',
        deviceId: undefined,
      }),
    ).toEqual({
      filter: {
        projectId: 3,
        type: 'B',
        alarmTimeBegin: '2026-03-01 08:00:00',
        alarmTimeEnd: '2026-03-01 09:30:05',
        status: 0,
        handling: 'treating',
      },
    });
    expect(toAlarmFilter({})).toEqual({ filter: {} });
  });

  it('keeps read state 0 (unread), which is falsy', () => {
    expect(toAlarmFilter({ status: 0 })).toEqual({ filter: { status: 0 } });
  });

  it('refuses an end before the start, and accepts an equal one', () => {
    const begin = dayjs('2026-03-01T08:00:00');
    expect(toAlarmFilter({ begin, end: begin.subtract(1, 'second') })).toEqual({
      error: 'alarm.filter.endBeforeStart',
    });
    expect(toAlarmFilter({ begin, end: begin })).toEqual({
      filter: { alarmTimeBegin: '2026-03-01 08:00:00', alarmTimeEnd: '2026-03-01 08:00:00' },
    });
  });
});

describe('paging', () => {
  it('passes the nextCursor of page N only when asking page N + 1', () => {
    expect(turnPage(FIRST_PAGE, 2, 20, 'c2')).toEqual({ page: 2, size: 20, cursor: 'c2' });
    expect(turnPage({ page: 2, size: 20, cursor: 'c2' }, 3, 20, 'c3')).toEqual({ page: 3, size: 20, cursor: 'c3' });
  });

  it('asks by page number for jumps, steps back and pages without a cursor', () => {
    expect(turnPage(FIRST_PAGE, 5, 20, 'c2')).toEqual({ page: 5, size: 20 });
    expect(turnPage({ page: 3, size: 20, cursor: 'c3' }, 2, 20, 'c4')).toEqual({ page: 2, size: 20 });
    expect(turnPage(FIRST_PAGE, 2, 20, null)).toEqual({ page: 2, size: 20 });
  });

  it('goes back to page 1 when the page size changes', () => {
    expect(turnPage({ page: 4, size: 20 }, 4, 50, 'c5')).toEqual({ page: 1, size: 50 });
  });

  it('builds the query with the cursor only when there is one', () => {
    expect(toAlarmQuery({ type: 'A' }, { page: 2, size: 20, cursor: 'c2' })).toEqual({
      type: 'A',
      page: 2,
      size: 20,
      cursor: 'c2',
    });
    expect(toAlarmQuery({}, FIRST_PAGE)).toEqual({ page: 1, size: 20 });
  });
});

describe('formatTotal and projectIdParam', () => {
  it('shows 10,000+ when the server stopped counting', () => {
    expect(formatTotal(10_000, true, 'en-US')).toBe('10,000+');
    expect(formatTotal(41, false, 'en-US')).toBe('41');
  });

  it('reads the project from the address', () => {
    expect(projectIdParam('12')).toBe(12);
    expect(projectIdParam(null)).toBeUndefined();
    expect(projectIdParam('x')).toBeUndefined();
    expect(projectIdParam('0')).toBeUndefined();
  });
});
