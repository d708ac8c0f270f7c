// POST /api/alarm/add: a manual alarm on a device (and channel); answers its id.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';
import type { AddAlarm } from './types';

export function addAlarm(body: AddAlarm) {
  return api.post('/api/alarm/add', body, { quiet: true });
}

export function useAddAlarmMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.all }),
  });
}
