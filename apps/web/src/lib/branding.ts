// POST /api/index/info: title, logo, sign-in background and captcha mode of this platform (SPEC §3 branding),
// read by the public pages, the sign-in page and the console's header alike.
import type { Branding } from '@svc/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/client';

/** Its title is in the asking language (the server's product name per language, unless configured). */
export const brandingKeys = {
  all: ['branding'] as const,
  of: (language: string) => [...brandingKeys.all, language] as const,
};

export function fetchBranding(language: string, signal?: AbortSignal): Promise<Branding> {
  return api.post('/api/index/info', undefined, { quiet: true, signal, language });
}

const brandingQuery = (language: string) => ({
  queryKey: brandingKeys.of(language),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchBranding(language, signal),
  staleTime: Infinity,
  retry: 1,
  refetchOnWindowFocus: false,
});

export function useBrandingQuery() {
  const { i18n } = useTranslation();
  return useQuery(brandingQuery(i18n.language));
}

/** Fetches a language's branding ahead of switching to it, so the product name changes with the other texts. */
export function prefetchBranding(queryClient: QueryClient, language: string): Promise<void> {
  return queryClient.prefetchQuery(brandingQuery(language));
}
