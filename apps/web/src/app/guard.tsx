// Route guard of SPEC §2: a visitor not signed in goes from a console page to sign-in, remembering where to return.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isSignedIn } from '@/lib/session/storage';
import { SIGN_IN_PATH } from '@/lib/paths';
import { REDIRECT_PARAM } from '@/lib/redirect';

export function RequireToken({ children }: { children: ReactNode }) {
  const location = useLocation();
  // The marker is no credential: with a dead session the first call answers 1001, which signs the browser out.
  if (isSignedIn()) return children;
  const back = `${location.pathname}${location.search}`;
  const query = back === '/' ? '' : `?${REDIRECT_PARAM}=${encodeURIComponent(back)}`;
  return <Navigate to={`${SIGN_IN_PATH}${query}`} replace />;
}
