// POST /api/device/channel/list for the project tree: a recorder's channels with their state (SPEC §4 NVR channel),
// asked for once the recorder is unfolded, so the tree itself stays as light as its forest.
import { useCallback } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ChannelsState, TreeChannel } from '../components/project-tree';
import { deviceKeys } from './keys';

/** Channel states change by the minute: an unfolded recorder asks again when unfolded after this long. */
export const TREE_CHANNELS_STALE_MS = 30_000;

export function fetchTreeChannels(deviceId: number, signal?: AbortSignal): Promise<TreeChannel[]> {
  // quiet: the tree's own row says the channels could not be loaded, and its click asks again.
  return api.post('/api/device/channel/list', { deviceId }, { signal, quiet: true });
}

function stateOf(result: UseQueryResult<TreeChannel[]>): ChannelsState {
  if (result.data) return { status: 'ready', channels: result.data };
  if (result.isError && !result.isFetching) return { status: 'failed' };
  return { status: 'loading' };
}

/** The channels of the unfolded recorders, by device id. */
export function useTreeChannels(deviceIds: readonly number[]): ReadonlyMap<number, ChannelsState> {
  const combine = useCallback(
    (results: UseQueryResult<TreeChannel[]>[]) => new Map(results.map((r, i) => [deviceIds[i]!, stateOf(r)])),
    [deviceIds],
  );
  return useQueries({
    queries: deviceIds.map((id) => ({
      queryKey: deviceKeys.channels(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTreeChannels(id, signal),
      staleTime: TREE_CHANNELS_STALE_MS,
    })),
    combine,
  });
}
