// POST /api/group/channel/query: the channels a group names (a device with none named grants all its channels).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { groupKeys } from './keys';

export interface GroupChannel {
  id: number;
  deviceId: number;
  index: number;
  channelTitle: string;
}

export function fetchGroupChannels(groupId: number, signal?: AbortSignal): Promise<GroupChannel[]> {
  return api.post<GroupChannel[]>('/api/group/channel/query', { groupId }, { signal });
}

export function useGroupChannelsQuery(groupId: number) {
  return useQuery({
    queryKey: groupKeys.channels(groupId),
    queryFn: ({ signal }) => fetchGroupChannels(groupId, signal),
  });
}
