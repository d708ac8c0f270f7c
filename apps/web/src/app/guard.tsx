// Route guard of SPEC §2: without a token a visitor of a console page goes to sign-in, remembering where to return.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { getToken } from './session/storage';
import { SIGN_IN_PATH } from './routes';
import { REDIRECT_PARAM } from './redirect';

export function RequireToken({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (getToken()) return children;
  const back = `${location.pathname}${location.search}`;
  const query = back === '/' ? '' : `?${REDIRECT_PARAM}=${encodeURIComponent(back)}`;
  return <Navigate to={`${SIGN_IN_PATH}${query}`} replace />;
}
