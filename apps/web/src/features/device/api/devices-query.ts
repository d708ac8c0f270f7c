// POST /api/device/page/queryList: one page of devices, filtered by project subtree, type, status and text.
import type { Device, DeviceQuery } from '@svc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { deviceKeys } from '../../project/api/keys';

export interface DevicePage {
  list: Device[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

export type DeviceFilters = Pick<DeviceQuery, 'page' | 'size'> &
  Partial<Pick<DeviceQuery, 'projectId' | 'devType' | 'status' | 'text'>>;

export function fetchDevices(query: DeviceFilters, signal?: AbortSignal): Promise<DevicePage> {
  return api.post<DevicePage>('/api/device/page/queryList', query, { signal });
}

export function useDevicesQuery(query: DeviceFilters) {
  return useQuery({
    queryKey: deviceKeys.list(query),
    queryFn: ({ signal }) => fetchDevices(query, signal),
    placeholderData: keepPreviousData,
  });
}
