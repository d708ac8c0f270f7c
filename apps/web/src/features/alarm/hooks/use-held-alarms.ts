// The alarm list that keeps still under the user (SPEC §4 polling brings new alarms every minute): settled at the
// top — page 1, not scrolled, nothing of a row open or under the pointer — it shows alarms as they come; anywhere
// else it is held at the newest alarm it had shown (untilId), so no row moves, and counts what waits above it
// (sinceId) until the user asks for them.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmFilter } from '@svc/contracts';
import { useAlarmCountsQuery } from '../api/alarm-counts-query';
import { fetchAlarms } from '../api/alarms-query';
import { alarmKeys } from '../api/keys';
import type { AlarmPage } from '../api/types';
import { toAlarmQuery, type Paging } from '../components/alarm-query';

/** The newest alarm id a page-1 answer shows (0 when it shows none): what a held list stops at. */
export const newestOf = (page: AlarmPage): number => page.list.reduce((max, a) => Math.max(max, a.id), 0);

export function useHeldAlarms({ filter, paging, settled }: { filter: AlarmFilter; paging: Paging; settled: boolean }) {
  const queryClient = useQueryClient();
  const filterKey = JSON.stringify(filter);
  // Per filter: another filter's newest alarm says nothing of this one's.
  const [newest, setNewest] = useState<{ filter: string; id: number } | null>(null);
  const known = newest?.filter === filterKey ? newest.id : null;
  const untilId = !settled && known !== null ? known : undefined;
  const live = toAlarmQuery(filter, paging);
  const query = untilId === undefined ? live : { ...live, untilId };

  const alarms = useQuery({
    queryKey: alarmKeys.list(query),
    queryFn: ({ signal }) => fetchAlarms(query, signal),
    placeholderData: (previous) => previous,
    // Holding page 1 at its own newest alarm changes no row: it starts from the page on screen, asking nothing.
    initialData: () => (untilId !== undefined ? queryClient.getQueryData<AlarmPage>(alarmKeys.list(live)) : undefined),
    initialDataUpdatedAt: () =>
      untilId !== undefined ? queryClient.getQueryState(alarmKeys.list(live))?.dataUpdatedAt : undefined,
  });

  const top =
    untilId === undefined && paging.page === 1 && alarms.data && !alarms.isPlaceholderData
      ? newestOf(alarms.data)
      : null;
  if (top !== null && (known === null || known !== top)) setNewest({ filter: filterKey, id: top });

  const waiting = useAlarmCountsQuery({ ...filter, sinceId: untilId ?? 0 }, { enabled: untilId !== undefined });
  return {
    alarms,
    held: untilId !== undefined,
    /** Alarms that arrived above the held list; 0 while it is live. */
    waiting: untilId !== undefined ? (waiting.data?.total ?? 0) : 0,
  };
}
