// POST /api/alarm/page/query: one page of alarm messages; deep pages carry the previous page's nextCursor.
import type { AlarmQuery } from '@svc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';
import type { AlarmPage } from './types';

export function fetchAlarms(query: AlarmQuery, signal?: AbortSignal): Promise<AlarmPage> {
  return api.post('/api/alarm/page/query', query, { signal });
}

export function useAlarmsQuery(query: AlarmQuery) {
  return useQuery({
    queryKey: alarmKeys.list(query),
    queryFn: ({ signal }) => fetchAlarms(query, signal),
    placeholderData: keepPreviousData,
  });
}
