// Test harness: the real i18n instance, a fresh query client and a memory router around the component under test.
import { Suspense, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '@/app/query-client';
import { i18n, initI18n } from '@/i18n';
import type { Language } from '@/i18n/languages';

export async function renderAt(path: string, routes: RouteObject[], { language = 'en-US' as Language } = {}) {
  initI18n(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<p>loading</p>}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}

export function at(path: string, element: ReactElement): RouteObject {
  return { path, element };
}

/** A fetch stand-in answering envelopes by path; unknown paths fail the test loudly. */
export function fakeServer(
  handlers: Record<string, (body: unknown, url: URL) => { code: number; msg?: string; data?: unknown }>,
) {
  const calls: { path: string; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://console.test');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ path: url.pathname, body, headers: (init.headers ?? {}) as Record<string, string> });
    const handler = handlers[url.pathname];
    if (!handler) throw new Error(`unexpected call ${url.pathname}`);
    const answer = handler(body, url);
    return new Response(JSON.stringify({ msg: '', data: null, ...answer }), {
      status: answer.code === 1 ? 200 : 400,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, calls };
}
