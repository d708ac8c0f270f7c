// Turns tree clicks (the /project/live query, a new `random` each time) into tiles, also while the tab stays cached.
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProjectNode } from '@svc/contracts';
import { fetchChannels, type Channel } from '@/features/device/api/device-channels-query';
import { deviceKeys, projectKeys } from '@/features/project/api/keys';
import { parseLiveQuery, placeAll, placeSource, type GridState, type LiveRequest, type LiveSource } from '../live-grid';

type Update = (change: (state: GridState) => GridState) => void;
type Playable = Extract<LiveRequest, { kind: 'one' | 'all' }>;

/**
 * What became of a channel=all request (SPEC §8 interface messages): no channels at all → no playable device;
 * channels but none online → no online channels.
 */
export function allChannelsOutcome(channels: readonly Channel[]): 'noPlayableDevice' | 'noOnlineChannels' | Channel[] {
  if (channels.length === 0) return 'noPlayableDevice';
  const playable = channels.filter((c) => c.playable).sort((a, b) => a.index - b.index);
  return playable.length === 0 ? 'noOnlineChannels' : playable;
}

function toSource(request: Playable, channel: number): LiveSource {
  return {
    deviceId: request.deviceId,
    devName: request.devName,
    devType: request.devType,
    channel,
    stream: 'main',
    nonce: request.random,
  };
}

/** The device's status as the tree last loaded it; undefined when the tree does not list it. */
function treeStatus(queryClient: QueryClient, deviceId: number): string | undefined {
  const walk = (nodes: readonly ProjectNode[]): string | undefined => {
    for (const node of nodes) {
      const found = node.deviceVOS.find((d) => d.id === deviceId)?.statusLive ?? walk(node.children);
      if (found) return found;
    }
    return undefined;
  };
  return walk(queryClient.getQueryData<ProjectNode[]>(projectKeys.mine()) ?? []);
}

export function useLiveRequests(update: Update): void {
  const [params] = useSearchParams();
  const search = params.toString();
  const { message } = App.useApp();
  const { t } = useTranslation('project');
  const queryClient = useQueryClient();
  // Survives a hidden tab (<Activity> keeps refs): coming back never replays the click already handled.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (handled.current === search) return;
    handled.current = search;
    const request = parseLiveQuery(new URLSearchParams(search));
    if (!request) return;
    if (request.kind === 'invalid') {
      void message.warning(t('live.noPlayableDevice'));
      return;
    }
    if (treeStatus(queryClient, request.deviceId) === 'offline') {
      void message.error(t('live.deviceOffline'));
      return;
    }
    if (request.kind === 'one') {
      update((state) => placeSource(state, toSource(request, request.channel)));
      return;
    }
    const { deviceId } = request;
    queryClient
      .fetchQuery({
        queryKey: deviceKeys.channels(deviceId),
        queryFn: ({ signal }) => fetchChannels(deviceId, signal),
        // Channel states change by the minute: decide on fresh ones.
        staleTime: 0,
      })
      .then((channels) => {
        // A later click has taken over meanwhile.
        if (handled.current !== search) return;
        const outcome = allChannelsOutcome(channels);
        if (outcome === 'noPlayableDevice') void message.warning(t('live.noPlayableDevice'));
        else if (outcome === 'noOnlineChannels') void message.warning(t('live.noOnlineChannels'));
        else
          update((state) =>
            placeAll(
              state,
              outcome.map((c) => toSource(request, c.index)),
            ),
          );
      })
      .catch(() => {
        // The api client has already shown the failure.
      });
  }, [search, message, t, queryClient, update]);
}
