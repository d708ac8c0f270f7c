// POST /api/device/deleteByIds: one or many devices; the tree and the lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { deviceKeys, projectKeys } from '@/features/project/api/keys';

export async function deleteDevices(ids: number[]): Promise<void> {
  await api.post('/api/device/deleteByIds', ids);
}

export function useDeleteDevicesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevices,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
