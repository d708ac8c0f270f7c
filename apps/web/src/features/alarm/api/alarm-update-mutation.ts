// POST /api/alarm/update: the handling state of one alarm and the handler's note.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { alarmKeys } from './keys';

export type UpdateAlarmBody = ApiBody<'post', '/api/alarm/update'>;

export async function updateAlarm(body: UpdateAlarmBody): Promise<void> {
  await api.post('/api/alarm/update', body, { quiet: true });
}

export function useUpdateAlarmMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
