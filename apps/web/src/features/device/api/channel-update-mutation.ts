// POST /api/device/channel/update (privilege device-edit on the device's project): name, enabled, camera type, place.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { deviceKeys } from '../../project/api/keys';
import type { CameraType } from './device-channels-query';

export interface UpdateChannelBody {
  id: number;
  channelTitle?: string;
  enable?: boolean;
  cameraType?: CameraType;
  /** null takes the channel off the map; longitude and latitude go together. */
  longitude?: number | null;
  latitude?: number | null;
}

/** Quiet: the dialog shows the server's message in itself. */
export async function updateChannel(body: UpdateChannelBody): Promise<void> {
  await api.post('/api/device/channel/update', body, { quiet: true });
}

/** The body names only the channel, so the hook is told whose channel list to refresh. */
export function useUpdateChannelMutation(deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.channels(deviceId) }),
  });
}
