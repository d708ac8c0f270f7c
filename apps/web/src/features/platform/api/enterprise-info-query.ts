// POST /api/platform/query: the caller's enterprise info (SPEC §3 platform) with its logo's address.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { platformKeys } from './keys';

export type EnterpriseInfo = ApiData<'post', '/api/platform/query'>;

export function fetchEnterpriseInfo(signal?: AbortSignal): Promise<EnterpriseInfo> {
  return api.post('/api/platform/query', undefined, { signal });
}

export function useEnterpriseInfoQuery() {
  return useQuery({ queryKey: platformKeys.info(), queryFn: ({ signal }) => fetchEnterpriseInfo(signal) });
}
