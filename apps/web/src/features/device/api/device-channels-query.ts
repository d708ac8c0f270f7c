// POST /api/device/channel/list: a device's channels with their SPEC §4 state (alarm, online, unconfigured).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/paths';
import { deviceKeys } from '@/features/project/api/keys';

/** What /channel/list answers: a channel and its place on the map (both null when it has none). */
export type ChannelDetail = ApiSchema<'Channel'>;

/** A channel as the player needs it, without its place. */
export type Channel = Omit<ChannelDetail, 'longitude' | 'latitude'>;

export type CameraType = ChannelDetail['cameraType'];

export function fetchChannels(deviceId: number, signal?: AbortSignal): Promise<ChannelDetail[]> {
  return api.post('/api/device/channel/list', { deviceId }, { signal });
}

export function useChannelsQuery(deviceId: number | undefined) {
  return useQuery({
    queryKey: deviceKeys.channels(deviceId ?? 0),
    queryFn: ({ signal }) => fetchChannels(deviceId!, signal),
    enabled: deviceId !== undefined,
  });
}
