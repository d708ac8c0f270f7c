// POST /api/group/device/query: one page of the devices a group grants.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { groupKeys } from './keys';

export type GroupDevicePage = ApiData<'post', '/api/group/device/query'>;
export type GroupDevice = GroupDevicePage['list'][number];

export const GROUP_DEVICES_PAGE = 10;

export function fetchGroupDevices(groupId: number, page: number, signal?: AbortSignal): Promise<GroupDevicePage> {
  return api.post('/api/group/device/query', { groupId, page, size: GROUP_DEVICES_PAGE }, { signal });
}

export function useGroupDevicesQuery(groupId: number, page: number) {
  return useQuery({
    queryKey: groupKeys.devices(groupId, page),
    queryFn: ({ signal }) => fetchGroupDevices(groupId, page, signal),
    placeholderData: keepPreviousData,
  });
}
