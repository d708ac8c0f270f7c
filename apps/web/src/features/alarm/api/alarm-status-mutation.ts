// POST /api/alarm/updateStatusByIds: marks alarms read (1) or unread (0), singly or in batch (SPEC §4 Alarm message).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { alarmKeys } from './keys';

export type AlarmStatusBody = ApiBody<'post', '/api/alarm/updateStatusByIds'>;

export async function updateAlarmStatus(body: AlarmStatusBody): Promise<void> {
  await api.post('/api/alarm/updateStatusByIds', body);
}

export function useAlarmStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlarmStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
