// POST /api/device/countByType: the caller's devices by type and by status, for the project overview.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { deviceKeys } from '../../project/api/keys';

export interface DeviceCounts {
  total: number;
  byType: { IPC: number; NVR: number; DVR: number };
  byStatus: { online: number; dormancy: number; offline: number };
}

export function fetchDeviceCounts(signal?: AbortSignal): Promise<DeviceCounts> {
  return api.post<DeviceCounts>('/api/device/countByType', undefined, { signal });
}

/** `enabled` false for users without the `device` menu: the server would refuse them. */
export function useDeviceCountsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'counts'] as const,
    queryFn: ({ signal }) => fetchDeviceCounts(signal),
    enabled,
  });
}
