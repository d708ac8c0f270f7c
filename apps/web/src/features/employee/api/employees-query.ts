// POST /api/employee/query: one page of staff, searched by name, login name, status, role or department.
import type { EmployeeQuery } from '@svc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { employeeKeys } from './keys';

export type EmployeePage = ApiData<'post', '/api/employee/query'>;

export function fetchEmployees(query: EmployeeQuery, signal?: AbortSignal): Promise<EmployeePage> {
  return api.post('/api/employee/query', query, { signal });
}

export function useEmployeesQuery(query: EmployeeQuery) {
  return useQuery({
    queryKey: employeeKeys.list(query),
    queryFn: ({ signal }) => fetchEmployees(query, signal),
    // Paging keeps the previous page on screen until the next arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
