// GET /api/role/getAll: every role of the enterprise with its privilege keys and staff count.
import type { Role } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { roleKeys } from './keys';

export function fetchRoles(signal?: AbortSignal): Promise<Role[]> {
  return api.get('/api/role/getAll', undefined, { signal });
}

/** `enabled` false for users without the `role` key: the server would refuse them (4117). */
export function useRolesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: roleKeys.list(), queryFn: ({ signal }) => fetchRoles(signal), enabled });
}
