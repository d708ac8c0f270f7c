// POST /api/alarm/notice/deleteByIds: deletes notice rules.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';

export async function deleteNoticeRules(ids: number[]): Promise<void> {
  await api.post('/api/alarm/notice/deleteByIds', ids);
}

export function useDeleteNoticeRulesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNoticeRules,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.noticeRules() }),
  });
}
