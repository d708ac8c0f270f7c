// POST /api/group/employee/query: every staff member with the group each is in now (the membership list).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/paths';
import { groupKeys } from './keys';

export type GroupEmployee = ApiSchema<'GroupEmployee'>;

export function fetchGroupStaff(groupId: number, signal?: AbortSignal): Promise<GroupEmployee[]> {
  return api.post('/api/group/employee/query', { groupId }, { signal });
}

export function useGroupStaffQuery(groupId: number) {
  return useQuery({
    queryKey: groupKeys.staff(groupId),
    queryFn: ({ signal }) => fetchGroupStaff(groupId, signal),
    // Always fresh when the editor opens: someone may have moved staff meanwhile.
    staleTime: 0,
  });
}
