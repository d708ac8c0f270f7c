// POST /api/device/add and /api/device/update (409 for a serial number already added); the tree counts change too.
import type { Device } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { deviceKeys, projectKeys } from '@/features/project/api/keys';

/** How the device sends media: TCP-PASSIVE (device connects, GB/T 28181-2022's preference), UDP, TCP-ACTIVE. */
export type StreamMode = Device['streamMode'];

/** `vehicle`: vehicle-mounted, set up in home-page configuration, not played from the tree (SPEC §2). */
export type AddDeviceBody = ApiBody<'post', '/api/device/add'>;
export type UpdateDeviceBody = ApiBody<'post', '/api/device/update'>;

export async function saveDevice(body: AddDeviceBody | UpdateDeviceBody): Promise<void> {
  if ('id' in body) await api.post('/api/device/update', body, { quiet: true });
  else await api.post('/api/device/add', body, { quiet: true });
}

export function useSaveDeviceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDevice,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
