// POST /api/device/add and /api/device/update (409 for a serial number already added); the tree counts change too.
import type { Device } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { deviceKeys, projectKeys } from '../../project/api/keys';

/** How the device sends media: TCP-PASSIVE (device connects, GB/T 28181-2022's preference), UDP, TCP-ACTIVE. */
export type StreamMode = Device['streamMode'];

export interface AddDeviceBody {
  sn: string;
  devName: string;
  devType: 'IPC' | 'NVR' | 'DVR';
  projectId: number;
  loginName?: string;
  password: string;
  gbCode?: string;
  streamMode: StreamMode;
  /** Vehicle-mounted: set up in home-page configuration, not played from the tree (SPEC §2). */
  vehicle: boolean;
}
export interface UpdateDeviceBody {
  id: number;
  devName: string;
  projectId: number;
  loginName?: string;
  password?: string;
  gbCode?: string | null;
  streamMode?: StreamMode;
  vehicle?: boolean;
}

export async function saveDevice(body: AddDeviceBody | UpdateDeviceBody): Promise<void> {
  await api.post('id' in body ? '/api/device/update' : '/api/device/add', body, { quiet: true });
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
