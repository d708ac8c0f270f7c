// POST /api/alarm/deleteByIds: deletes alarm messages; the list and the header count refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';

export async function deleteAlarms(ids: number[]): Promise<void> {
  await api.post('/api/alarm/deleteByIds', ids);
}

export function useDeleteAlarmsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlarms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
