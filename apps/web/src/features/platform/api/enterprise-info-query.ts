// POST /api/platform/query: the caller's enterprise info (SPEC §3 platform) with its logo's address.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { platformKeys } from './keys';

export interface EnterpriseInfo {
  name: string;
  identity: string | null;
  scale: string | null;
  industry: string | null;
  mainBusiness: string | null;
  region: string | null;
  address: string | null;
  mobile: string | null;
  email: string | null;
  backupEmail: string | null;
  platformId: string | null;
  logoFileId: number | null;
  logoUrl: string | null;
}

export function fetchEnterpriseInfo(signal?: AbortSignal): Promise<EnterpriseInfo> {
  return api.post<EnterpriseInfo>('/api/platform/query', undefined, { signal });
}

export function useEnterpriseInfoQuery() {
  return useQuery({ queryKey: platformKeys.info(), queryFn: ({ signal }) => fetchEnterpriseInfo(signal) });
}
