// GET /api/role/listAllEmployee/{id}: every staff member with whether they hold the role (the assignment list).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/paths';
import { roleKeys } from './keys';

export type EmployeeInRole = ApiSchema<'EmployeeInRole'>;

export function fetchRoleStaff(roleId: number, signal?: AbortSignal): Promise<EmployeeInRole[]> {
  return api.get('/api/role/listAllEmployee/{id}', undefined, { signal, params: { id: roleId } });
}

export function useRoleStaffQuery(roleId: number) {
  return useQuery({
    queryKey: roleKeys.staff(roleId),
    queryFn: ({ signal }) => fetchRoleStaff(roleId, signal),
    // Always fresh when the dialog opens: someone else may have moved staff meanwhile.
    staleTime: 0,
  });
}
