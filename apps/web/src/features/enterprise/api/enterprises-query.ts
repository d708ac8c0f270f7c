// POST /api/enterprise/query: a page of the platform's enterprises (super administrators only).
import type { EnterpriseQuery } from '@svc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData, ApiSchema } from '@/lib/api/paths';
import { enterpriseKeys } from './keys';

export type Enterprise = ApiSchema<'Enterprise'>;
export type EnterprisePage = ApiData<'post', '/api/enterprise/query'>;

export function fetchEnterprises(query: EnterpriseQuery, signal?: AbortSignal): Promise<EnterprisePage> {
  return api.post('/api/enterprise/query', query, { signal });
}

export function useEnterprisesQuery(query: EnterpriseQuery) {
  return useQuery({
    queryKey: enterpriseKeys.list(query),
    queryFn: ({ signal }) => fetchEnterprises(query, signal),
    placeholderData: keepPreviousData,
  });
}
