// A language switch changes the product name with the other texts and asks the server's texts again.
import { act, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { useProductTitle } from '@/components/public/use-product-title';
import { changeLanguage, currentLanguage } from '@/i18n';
import { fakeServer, renderAt } from '@/test/render';
import { createApiClient, MAIN_TIMEOUT_MS } from '@/lib/api/client';
import { configureApi, resetApiEnvironment } from '@/lib/api/environment';
import { followLanguage } from './language-sync';

const TITLES: Record<string, string> = { 'en-US': 'Cloud Console', 'zh-CN': '云控制台' };

/** The transport under `api`, which takes a path the API document does not have. */
const client = createApiClient({ timeoutMs: MAIN_TIMEOUT_MS });

function Header() {
  const { title } = useProductTitle();
  // Stands for any answer with server-side texts (alarm type names, privilege names).
  const names = useQuery({ queryKey: ['names'], queryFn: () => client.post<string>('/api/names') });
  return (
    <p>
      {title} / {names.data}
    </p>
  );
}

describe('followLanguage', () => {
  let stop = () => {};
  afterEach(async () => {
    stop();
    resetApiEnvironment();
    await changeLanguage('en-US');
  });

  it('switches the product name together with the texts, and refetches server texts in the new language', async () => {
    const fake = fakeServer({
      '/api/index/info': () => ({ code: 1, data: null }),
      '/api/names': () => ({ code: 1, data: null }),
    });
    // Answers by the language header, as the server does.
    configureApi({
      language: currentLanguage,
      fetch: async (input, init) => {
        const language = (init.headers as Record<string, string>).language ?? '';
        const path = new URL(input, 'http://console.test').pathname;
        await fake.fetch(input, init);
        const data =
          path === '/api/index/info'
            ? { title: TITLES[language], logoUrl: null, backgroundUrl: null, loginCaptcha: 'off' }
            : `names in ${language}`;
        return new Response(JSON.stringify({ code: 1, msg: '', data }), {
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const { queryClient } = await renderAt('/', [{ path: '/', element: <Header /> }]);
    stop = followLanguage(queryClient);
    await screen.findByText('Cloud Console / names in en-US');

    await act(() => changeLanguage('zh-CN'));
    // The name is there in the first render after the switch: it was fetched before the texts changed.
    expect(screen.getByText(/^云控制台 \//)).toBeTruthy();
    await screen.findByText('云控制台 / names in zh-CN');
    const infoCalls = fake.calls.filter((c) => c.path === '/api/index/info').map((c) => c.headers.language);
    expect(infoCalls).toEqual(['en-US', 'zh-CN']);
  });
});
