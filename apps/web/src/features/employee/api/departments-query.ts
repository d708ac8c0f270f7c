// POST /api/employee/group/query: the enterprise's departments with their staff counts (filters, form suggestions).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/paths';
import { employeeKeys } from './keys';

export type Department = ApiSchema<'Department'>;

export function fetchDepartments(signal?: AbortSignal): Promise<Department[]> {
  return api.post('/api/employee/group/query', undefined, { signal });
}

export function useDepartmentsQuery() {
  return useQuery({ queryKey: employeeKeys.departments(), queryFn: ({ signal }) => fetchDepartments(signal) });
}
