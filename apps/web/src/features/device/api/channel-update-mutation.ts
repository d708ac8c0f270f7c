// POST /api/device/channel/update (privilege device-edit on the device's project): name, enabled, camera type, place.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { deviceKeys } from '@/features/project/api/keys';

/** A null longitude and latitude take the channel off the map; the two go together. */
export type UpdateChannelBody = ApiBody<'post', '/api/device/channel/update'>;

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
