// POST /api/group/device/listAdd|listRemove and /api/group/channel/listAdd|listRemove: what a group grants.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { groupKeys } from './keys';

export type GroupGrantChange =
  | { kind: 'add'; groupId: number; deviceIds: number[]; channelIds: number[] }
  | { kind: 'removeDevice'; groupId: number; deviceId: number }
  | { kind: 'removeChannels'; groupId: number; channelIds: number[] };

/** The server adds a channel's device with it, and takes a device's channels out with it. */
export async function changeGroupGrants(change: GroupGrantChange): Promise<void> {
  const { groupId } = change;
  switch (change.kind) {
    case 'add':
      if (change.deviceIds.length > 0)
        await api.post('/api/group/device/listAdd', { groupId, deviceIds: change.deviceIds }, { quiet: true });
      if (change.channelIds.length > 0)
        await api.post('/api/group/channel/listAdd', { groupId, channelIds: change.channelIds }, { quiet: true });
      return;
    case 'removeDevice':
      await api.post('/api/group/device/listRemove', { groupId, deviceIds: [change.deviceId] });
      return;
    case 'removeChannels':
      await api.post('/api/group/channel/listRemove', { groupId, channelIds: change.channelIds });
      return;
  }
}

export function useGroupGrantsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeGroupGrants,
    onSettled: (_, __, change) => queryClient.invalidateQueries({ queryKey: groupKeys.members(change.groupId) }),
  });
}
