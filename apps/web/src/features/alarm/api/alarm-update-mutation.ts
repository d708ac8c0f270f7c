// POST /api/alarm/update: the handling state of one alarm and the handler's note.
import type { Handling } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { alarmKeys } from './keys';

export interface UpdateAlarmBody {
  id: number;
  handling: Handling;
  note?: string;
}

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
