// GET /api/session/verificationCode: a captcha image and its key, fetched when the server asks for one.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { sessionKeys } from './keys';

export type Captcha = ApiData<'get', '/api/session/verificationCode'>;

export function fetchCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return api.get('/api/session/verificationCode', undefined, { quiet: true, signal });
}

export function useCaptchaQuery(enabled: boolean) {
  return useQuery({
    queryKey: sessionKeys.captcha(),
    queryFn: ({ signal }) => fetchCaptcha(signal),
    enabled,
    // Each code is single-use: never serve a cached one.
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
}
