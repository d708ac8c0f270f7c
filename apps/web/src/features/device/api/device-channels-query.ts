// POST /api/device/channel/list: a device's channels with their SPEC §4 state (alarm, online, unconfigured).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { deviceKeys } from '../../project/api/keys';

export type CameraType = 'ordinary' | 'speedDome' | 'hemisphere';

export interface Channel {
  id: number;
  index: number;
  channelTitle: string;
  main: number | null;
  extra: number | null;
  state: 'alarm' | 'online' | 'unconfigured';
  playable: boolean;
  kind: 'normal' | 'alarm' | 'digital';
  cameraType: CameraType;
  enable: boolean;
  gbCode: string | null;
}

/** What /channel/list answers: a channel and its place on the map (both null when it has none). */
export interface ChannelDetail extends Channel {
  longitude: number | null;
  latitude: number | null;
}

export function fetchChannels(deviceId: number, signal?: AbortSignal): Promise<ChannelDetail[]> {
  return api.post<ChannelDetail[]>('/api/device/channel/list', { deviceId }, { signal });
}

export function useChannelsQuery(deviceId: number | undefined) {
  return useQuery({
    queryKey: deviceKeys.channels(deviceId ?? 0),
    queryFn: ({ signal }) => fetchChannels(deviceId!, signal),
    enabled: deviceId !== undefined,
  });
}
