// Query keys of staff (conventions §7): one factory; mutations invalidate through it.
import type { EmployeeQuery } from '@svc/contracts';

export const employeeKeys = {
  all: ['employee'] as const,
  lists: () => [...employeeKeys.all, 'list'] as const,
  list: (query: EmployeeQuery) => [...employeeKeys.lists(), query] as const,
  departments: () => [...employeeKeys.all, 'departments'] as const,
};
