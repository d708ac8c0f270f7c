// POST /api/enterprise/query: a page of the platform's enterprises (super administrators only).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import type { Page } from '../../employee/api/employees-query';
import { enterpriseKeys, type EnterpriseQuery } from './keys';

export interface Enterprise {
  id: number;
  name: string;
  status: 0 | 1;
  mainLoginName: string | null;
  employeeCount: number;
  createdAt: string;
}

export function fetchEnterprises(query: EnterpriseQuery, signal?: AbortSignal): Promise<Page<Enterprise>> {
  return api.post<Page<Enterprise>>('/api/enterprise/query', query, { signal });
}

export function useEnterprisesQuery(query: EnterpriseQuery) {
  return useQuery({
    queryKey: enterpriseKeys.list(query),
    queryFn: ({ signal }) => fetchEnterprises(query, signal),
    placeholderData: keepPreviousData,
  });
}
