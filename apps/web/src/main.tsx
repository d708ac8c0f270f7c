// Entry: language, api client wiring, the SPEC §4 start-up check, then the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { configureApi } from './lib/api/environment';
import { followLanguage } from './app/language-sync';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { isPublicPath } from './lib/paths';
import { clearSession } from './lib/session/storage';
import { passwordFlagCheck } from './features/session/startup';
import { currentLanguage, initI18n } from './i18n';

async function start(): Promise<void> {
  const i18n = initI18n();
  let navigate = (path: string, _notice?: string) => window.location.assign(path);
  configureApi({
    language: currentLanguage,
    isPublicRoute: () => isPublicPath(window.location.pathname),
    clearSession,
    message: (kind) => i18n.t(kind === 'timeout' ? 'common:error.timeout' : 'common:error.transport'),
    navigate: (path, notice) => navigate(path, notice),
  });
  if ((await passwordFlagCheck()) === 'reloading') return;

  const router = createAppRouter();
  navigate = (path, notice) => void router.navigate(path, { replace: true, state: notice ? { notice } : null });
  const queryClient = createQueryClient();
  followLanguage(queryClient);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

void start();
