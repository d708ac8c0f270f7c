// Function points for buttons (SPEC §6): a button shows only when the user holds its key; the server checks regardless.
import { useCallback } from 'react';
import { hasPrivilege } from './access';
import { useSession } from './session-context';

export function usePrivilege(): (key: string) => boolean {
  const session = useSession();
  return useCallback((key: string) => hasPrivilege(session, key), [session]);
}
