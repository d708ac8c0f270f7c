// POST /api/device/page/queryList: one page of devices, filtered by project subtree, type, status and text.
import type { DeviceQuery } from '@svc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { deviceKeys } from '@/features/project/api/keys';

export type DevicePage = ApiData<'post', '/api/device/page/queryList'>;

export type DeviceFilters = Pick<DeviceQuery, 'page' | 'size'> &
  Partial<Pick<DeviceQuery, 'projectId' | 'devType' | 'status' | 'text'>>;

export function fetchDevices(query: DeviceFilters, signal?: AbortSignal): Promise<DevicePage> {
  return api.post('/api/device/page/queryList', query, { signal });
}

export function useDevicesQuery(query: DeviceFilters) {
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => fetchDevices(query, signal),
    placeholderData: keepPreviousData,
  });
}
