// GET /api/session/logOut: ends the session, clears the token cookie (server) and storage, reloads at home (SPEC §4).
import { api } from '@/lib/api/client';
import { clearSession } from '@/lib/session/storage';
import { SIGN_IN_PATH } from '@/lib/paths';

/** Ends this browser's session, named by its cookie; resolves true when the server answered code 1. */
export async function endSession(): Promise<boolean> {
  try {
    await api.get('/api/session/logOut', undefined, { quiet: true });
    return true;
  } catch {
    return false;
  }
}

/** The account menu's logout: whatever the server says, this browser is signed out afterwards. */
export async function logout(): Promise<void> {
  await endSession();
  clearSession();
  // A full load, not a client navigation: SPEC §4 "logout also reloads", dropping every cached page.
  window.location.assign(SIGN_IN_PATH);
}
