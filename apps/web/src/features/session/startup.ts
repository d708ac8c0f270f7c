// Start-up rule of SPEC §4: a password-update flag left in storage forces the logout the change asked for.
import { clearSession, hasPasswordUpdatedFlag, isSignedIn, PASSWORD_UPDATED_FLAG } from '@/lib/session/storage';
import { endSession } from './api/logout';

export async function passwordFlagCheck(
  deps: { endSession: () => Promise<boolean>; reload: () => void } = {
    endSession,
    reload: () => window.location.reload(),
  },
): Promise<'continue' | 'reloading'> {
  if (!hasPasswordUpdatedFlag()) return 'continue';
  if (!isSignedIn()) {
    localStorage.removeItem(PASSWORD_UPDATED_FLAG);
    return 'continue';
  }
  // No token to name: the session cookie tells the server which session ends.
  if (!(await deps.endSession())) return 'continue';
  clearSession();
  deps.reload();
  return 'reloading';
}
