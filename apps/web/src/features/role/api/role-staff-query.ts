// GET /api/role/listAllEmployee/{id}: every staff member with whether they hold the role (the assignment list).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { roleKeys } from './keys';

export interface EmployeeInRole {
  id: number;
  loginName: string;
  name: string;
  inRole: boolean;
}

export function fetchRoleStaff(roleId: number, signal?: AbortSignal): Promise<EmployeeInRole[]> {
  return api.get<EmployeeInRole[]>(`/api/role/listAllEmployee/${roleId}`, undefined, { signal });
}

export function useRoleStaffQuery(roleId: number) {
  return useQuery({
    queryKey: roleKeys.staff(roleId),
    queryFn: ({ signal }) => fetchRoleStaff(roleId, signal),
    // Always fresh when the dialog opens: someone else may have moved staff meanwhile.
    staleTime: 0,
  });
}
