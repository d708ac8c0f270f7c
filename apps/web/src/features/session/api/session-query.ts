// GET /api/session/get: the session call that decides signed-in state (SPEC §4); privilege lists are kept in storage.
import type { Session } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { storePrivileges } from '@/lib/session/storage';
import { sessionKeys } from './keys';

export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  const session = await api.get('/api/session/get', undefined, { signal });
  storePrivileges(session);
  return session;
}

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => fetchSession(signal),
    // A failed session call means signed out (SPEC §7): retrying would only delay the logged-out view.
    retry: false,
    staleTime: 5 * 60_000,
  });
}
