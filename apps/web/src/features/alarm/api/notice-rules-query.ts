// POST /api/alarm/notice/list: the notice rules (who is told of which alarm types of which projects, and how).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';
import type { NoticeRule } from './types';

export function fetchNoticeRules(signal?: AbortSignal): Promise<NoticeRule[]> {
  return api.post('/api/alarm/notice/list', undefined, { signal });
}

export function useNoticeRulesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: alarmKeys.noticeRules(), queryFn: ({ signal }) => fetchNoticeRules(signal), enabled });
}
