// POST /api/employee/group/query: the enterprise's departments with their staff counts (filters, form suggestions).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { employeeKeys } from './keys';

export interface Department {
  id: number;
  name: string;
  employeeCount: number;
}

export function fetchDepartments(signal?: AbortSignal): Promise<Department[]> {
  return api.post<Department[]>('/api/employee/group/query', undefined, { signal });
}

export function useDepartmentsQuery() {
  return useQuery({ queryKey: employeeKeys.departments(), queryFn: ({ signal }) => fetchDepartments(signal) });
}
