// POST /api/group/getAll: the enterprise's device groups with state and staff count.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { groupKeys } from './keys';

export type GroupState = 'open' | 'closed';

export interface Group {
  id: number;
  name: string;
  remark: string | null;
  state: GroupState;
  employeeCount: number;
}

export function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  return api.post<Group[]>('/api/group/getAll', undefined, { signal });
}

/** `enabled` false for users without the `role` key, which the server asks for this list. */
export function useGroupsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: groupKeys.list(), queryFn: ({ signal }) => fetchGroups(signal), enabled });
}
