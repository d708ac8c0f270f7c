// POST /api/employee/query: one page of staff, searched by name, login name, status, role or department.
import type { Employee, EmployeeQuery } from '@svc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { employeeKeys } from './keys';

export interface Page<T> {
  list: T[];
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

export function fetchEmployees(query: EmployeeQuery, signal?: AbortSignal): Promise<Page<Employee>> {
  return api.post<Page<Employee>>('/api/employee/query', query, { signal });
}

export function useEmployeesQuery(query: EmployeeQuery) {
  return useQuery({
    queryKey: employeeKeys.list(query),
    queryFn: ({ signal }) => fetchEmployees(query, signal),
    // Paging keeps the previous page on screen until the next arrives, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
