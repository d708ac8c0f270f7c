// POST /api/alarm/notice/common/save: replaces the whole list of global notice users.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';
import type { CommonNoticeUser } from './types';

export async function saveCommonNoticeUsers(users: CommonNoticeUser[]): Promise<void> {
  await api.post('/api/alarm/notice/common/save', users);
}

export function useSaveCommonNoticeUsersMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCommonNoticeUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.commonUsers() }),
  });
}
