// POST /api/alarm/notice/add and /update: one notice rule; the form shows a refusal itself.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { alarmKeys } from './keys';
import type { NoticeRule, NoticeRuleInput } from './types';

export async function saveNoticeRule(body: NoticeRuleInput | NoticeRule): Promise<void> {
  await api.post('id' in body ? '/api/alarm/notice/update' : '/api/alarm/notice/add', body, { quiet: true });
}

export function useSaveNoticeRuleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNoticeRule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alarmKeys.noticeRules() }),
  });
}
