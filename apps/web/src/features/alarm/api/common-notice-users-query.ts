// POST /api/alarm/notice/common/list: the users told of every alarm (global notice users) and their channels.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { alarmKeys } from './keys';
import type { CommonNoticeUser } from './types';

export function fetchCommonNoticeUsers(signal?: AbortSignal): Promise<CommonNoticeUser[]> {
  return api.post('/api/alarm/notice/common/list', undefined, { signal });
}

export function useCommonNoticeUsersQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: alarmKeys.commonUsers(),
    queryFn: ({ signal }) => fetchCommonNoticeUsers(signal),
    enabled,
  });
}
