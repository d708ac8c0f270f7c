// POST /api/index/info: title, logo, sign-in background and captcha mode of this platform (SPEC §3 branding).
import type { Branding } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { sessionKeys } from './keys';

export function fetchBranding(signal?: AbortSignal): Promise<Branding> {
  return api.post<Branding>('/api/index/info', undefined, { quiet: true, signal });
}

export function useBrandingQuery() {
  return useQuery({
    queryKey: sessionKeys.branding(),
    queryFn: ({ signal }) => fetchBranding(signal),
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}
