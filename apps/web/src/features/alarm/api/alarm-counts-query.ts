// POST /api/alarm/countAll: totals by read state, type and handling; the header notice shows `unread` of all alarms.
import type { AlarmFilter } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';
import type { AlarmCounts } from './types';

export function fetchAlarmCounts(filter: AlarmFilter, signal?: AbortSignal): Promise<AlarmCounts> {
  // quiet: the header count refreshes on its own; a failure there must not toast on every page.
  return api.post('/api/alarm/countAll', filter, { signal, quiet: true });
}

export function useAlarmCountsQuery(filter: AlarmFilter = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: alarmKeys.counts(filter),
    queryFn: ({ signal }) => fetchAlarmCounts(filter, signal),
    enabled,
  });
}
