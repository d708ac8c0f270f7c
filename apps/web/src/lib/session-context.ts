// The signed-in session for every console component, provided once the session call has answered (SPEC §4).
import { createContext, useContext } from 'react';
import type { Session } from '@svc/contracts';

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside the signed-in console');
  return session;
}
