// POST /api/project/activity/recent: what happened lately in the projects the caller sees, newest first.
import type { Activity } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { projectKeys } from './keys';

/** The overview lists this many entries (the server allows up to 50). */
export const RECENT_ACTIVITY_SIZE = 20;
/** Devices come and go all day: the list refreshes itself this often. */
export const RECENT_ACTIVITY_REFRESH_MS = 60_000;

export function fetchRecentActivity(size: number, signal?: AbortSignal): Promise<Activity[]> {
  return api.post('/api/project/activity/recent', { size }, { signal });
}

/**
 * `enabled` false for users without the `project` menu: the server would refuse them. The interval
 * runs only while the page is on screen: react-query pauses it in a background browser tab, and a
 * console tab kept alive but hidden (<Activity>) unmounts the query's subscription.
 */
export function useRecentActivityQuery({
  size = RECENT_ACTIVITY_SIZE,
  enabled = true,
}: { size?: number; enabled?: boolean } = {}) {
  return useQuery({
    queryKey: projectKeys.activity(size),
    queryFn: ({ signal }) => fetchRecentActivity(size, signal),
    enabled,
    refetchInterval: RECENT_ACTIVITY_REFRESH_MS,
  });
}
