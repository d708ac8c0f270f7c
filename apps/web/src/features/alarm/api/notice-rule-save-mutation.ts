// POST /api/alarm/notice/add and /update: one notice rule; the form shows a refusal itself.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';
import type { NoticeRule, NoticeRuleInput } from './types';

export async function saveNoticeRule(body: NoticeRuleInput | NoticeRule): Promise<void> {
  if ('id' in body) await api.post('/api/alarm/notice/update', body, { quiet: true });
  else await api.post('/api/alarm/notice/add', body, { quiet: true });
}

export function useSaveNoticeRuleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoticeRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.noticeRules() }),
  });
}
