// The signed-in console's root (lazy chunk with antd): providers, the session call that decides signed-in state, layout choice.
import { Suspense, useEffect, useState } from 'react';
import { App, Spin } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { ResponseCode } from '@svc/contracts';
import { isApiError } from '@/lib/api/client';
import { configureApi } from '@/lib/api/environment';
import { getCookie, setCookie } from '@/lib/session/cookies';
import { SIGN_IN_PATH } from '@/lib/paths';
import { useSessionQuery } from '@/features/session/api/session-query';
import { AntdProvider } from './AntdProvider';
import { ConsoleLayout } from './ConsoleLayout';
import { decideLayout, LAYOUT_COOKIE, type LayoutDecision } from './layout-choice';
import { SessionContext } from '@/lib/session-context';
import './console.css';

export default function ConsoleRoot() {
  return (
    <AntdProvider>
      <Suspense fallback={<Spin fullscreen />}>
        <ConsoleGate />
      </Suspense>
    </AntdProvider>
  );
}

function useLayoutDecision(): LayoutDecision {
  const navigate = useNavigate();
  const [decision] = useState(() =>
    decideLayout(getCookie(LAYOUT_COOKIE), window.location.href, () => Math.random().toString(36).slice(2, 10)),
  );
  useEffect(() => {
    if (decision.kind === 'reload') {
      window.location.replace(decision.url);
      return;
    }
    if (decision.rememberStandard) setCookie(LAYOUT_COOKIE, 'standard');
    if (decision.cleanUrl) void navigate(decision.cleanUrl, { replace: true });
  }, [decision, navigate]);
  return decision;
}

function ConsoleGate() {
  const { message } = App.useApp();
  const layout = useLayoutDecision();
  const session = useSessionQuery();

  // From here api failures show as antd messages (public pages show theirs inline).
  useEffect(() => {
    configureApi({ showError: (text) => void message.error(text) });
    return () => configureApi({ showError: () => {} });
  }, [message]);

  if (layout.kind === 'reload' || session.isPending) return <Spin fullscreen />;
  // SPEC §7: a failed session call shows the logged-out view. A 1001 was already handled by the api
  // client (cleared, sent home with its message); navigating again here would drop that message.
  if (session.isError) {
    return isApiError(session.error) && session.error.code === ResponseCode.SESSION_EXPIRED ? null : (
      <Navigate to={SIGN_IN_PATH} replace />
    );
  }
  return (
    <SessionContext value={session.data}>
      <ConsoleLayout layout={layout.kind} />
    </SessionContext>
  );
}
