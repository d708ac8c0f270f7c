// POST /api/group/device/query: one page of the devices a group grants.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { groupKeys } from './keys';

export interface GroupDevice {
  id: number;
  sn: string;
  devName: string;
  devType: 'IPC' | 'NVR' | 'DVR';
}

export interface GroupDevicePage {
  list: GroupDevice[];
  total: number;
  totalCapped: boolean;
}

export const GROUP_DEVICES_PAGE = 10;

export function fetchGroupDevices(groupId: number, page: number, signal?: AbortSignal): Promise<GroupDevicePage> {
  return api.post<GroupDevicePage>('/api/group/device/query', { groupId, page, size: GROUP_DEVICES_PAGE }, { signal });
}

export function useGroupDevicesQuery(groupId: number, page: number) {
  return useQuery({
    queryKey: groupKeys.devices(groupId, page),
    queryFn: ({ signal }) => fetchGroupDevices(groupId, page, signal),
    placeholderData: keepPreviousData,
  });
}
