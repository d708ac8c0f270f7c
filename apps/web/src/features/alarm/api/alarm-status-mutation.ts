// POST /api/alarm/updateStatusByIds: marks alarms read (1) or unread (0), singly or in batch (SPEC §4 Alarm message).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { alarmKeys } from './keys';
import type { ReadStatus } from './types';

export interface AlarmStatusBody {
  ids: number[];
  status: ReadStatus;
}

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
