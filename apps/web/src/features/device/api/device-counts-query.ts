// POST /api/device/countByType: the caller's devices by type and by status, for the project overview.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { deviceKeys } from '@/features/project/api/keys';

export type DeviceCounts = ApiData<'post', '/api/device/countByType'>;

export function fetchDeviceCounts(signal?: AbortSignal): Promise<DeviceCounts> {
  return api.post('/api/device/countByType', undefined, { signal });
}

/** `enabled` false for users without the `device` menu: the server would refuse them. */
export function useDeviceCountsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...deviceKeys.all, 'counts'] as const,
    queryFn: ({ signal }) => fetchDeviceCounts(signal),
    enabled,
  });
}
