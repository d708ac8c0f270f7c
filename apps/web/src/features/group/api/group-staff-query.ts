// POST /api/group/employee/query: every staff member with the group each is in now (the membership list).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { groupKeys } from './keys';

export interface GroupEmployee {
  id: number;
  loginName: string;
  name: string;
  groupId: number | null;
  groupName: string | null;
}

export function fetchGroupStaff(groupId: number, signal?: AbortSignal): Promise<GroupEmployee[]> {
  return api.post<GroupEmployee[]>('/api/group/employee/query', { groupId }, { signal });
}

export function useGroupStaffQuery(groupId: number) {
  return useQuery({
    queryKey: groupKeys.staff(groupId),
    queryFn: ({ signal }) => fetchGroupStaff(groupId, signal),
    // Always fresh when the editor opens: someone may have moved staff meanwhile.
    staleTime: 0,
  });
}
