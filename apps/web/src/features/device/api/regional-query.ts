// POST /api/device/regional/query: the enterprise's regional configuration (SPEC §3), or null before one is saved.
import type { RegionalConfig } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { gb28181Keys } from './keys';

export function fetchRegional(signal?: AbortSignal): Promise<RegionalConfig | null> {
  return api.post('/api/device/regional/query', undefined, { signal });
}

export function useRegionalQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: gb28181Keys.regional(), queryFn: ({ signal }) => fetchRegional(signal), enabled });
}
