// POST /api/group/channel/query: the channels a group names (a device with none named grants all its channels).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { groupKeys } from './keys';

export type GroupChannel = ApiData<'post', '/api/group/channel/query'>[number];

export function fetchGroupChannels(groupId: number, signal?: AbortSignal): Promise<GroupChannel[]> {
  return api.post('/api/group/channel/query', { groupId }, { signal });
}

export function useGroupChannelsQuery(groupId: number) {
  return useQuery({
    queryKey: groupKeys.channels(groupId),
    queryFn: ({ signal }) => fetchGroupChannels(groupId, signal),
  });
}
