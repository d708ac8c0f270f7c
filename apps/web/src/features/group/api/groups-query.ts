// POST /api/group/getAll: the enterprise's device groups with state and staff count.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/paths';
import { groupKeys } from './keys';

export type Group = ApiSchema<'Group'>;
export type GroupState = Group['state'];

export function fetchGroups(signal?: AbortSignal): Promise<Group[]> {
  return api.post('/api/group/getAll', undefined, { signal });
}

/** `enabled` false for users without the `role` key, which the server asks for this list. */
export function useGroupsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: groupKeys.list(), queryFn: ({ signal }) => fetchGroups(signal), enabled });
}
