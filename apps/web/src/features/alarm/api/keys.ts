// Query keys of alarms and alarm notices (conventions §7): mutations invalidate through `all`, so lists and the header count agree.
import type { AlarmFilter, AlarmQuery } from '@svc/contracts';

export const alarmKeys = {
  all: ['alarm'] as const,
  list: (query: AlarmQuery) => [...alarmKeys.all, 'list', query] as const,
  counts: (filter: AlarmFilter) => [...alarmKeys.all, 'counts', filter] as const,
  noticeRules: () => [...alarmKeys.all, 'noticeRules'] as const,
  commonUsers: () => [...alarmKeys.all, 'commonUsers'] as const,
};
