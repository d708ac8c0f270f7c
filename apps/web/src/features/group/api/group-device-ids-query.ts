// Every device a group grants, by id, read page by page from /api/group/device/query: the picker marks them as in.
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@svc/contracts';
import { api } from '@/lib/api/client';
import { groupKeys } from './keys';

/** A group past this many devices is marked as far as read; the server refuses duplicates quietly anyway. */
const MAX_PAGES = 50;

export async function fetchGroupDeviceIds(groupId: number, signal?: AbortSignal): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { list } = await api.post('/api/group/device/query', { groupId, page, size: PAGE_SIZE_MAX }, { signal });
    list.forEach((d) => ids.add(d.id));
    if (list.length < PAGE_SIZE_MAX) break;
  }
  return ids;
}

export function useGroupDeviceIdsQuery(groupId: number) {
  return useQuery({
    queryKey: [...groupKeys.members(groupId), 'deviceIds'] as const,
    queryFn: ({ signal }) => fetchGroupDeviceIds(groupId, signal),
  });
}
