// Start-up rule of SPEC §4: a password-update flag left in storage forces the logout the change asked for.
import { clearSession, getToken, hasPasswordUpdatedFlag, PASSWORD_UPDATED_FLAG } from '../../app/session/storage';
import { endSession } from './api/logout';

export async function passwordFlagCheck(
  deps: { endSession: (token: string) => Promise<boolean>; reload: () => void } = {
    endSession,
    reload: () => window.location.reload(),
  },
): Promise<'continue' | 'reloading'> {
  if (!hasPasswordUpdatedFlag()) return 'continue';
  const token = getToken();
  if (!token) {
    localStorage.removeItem(PASSWORD_UPDATED_FLAG);
    return 'continue';
  }
  if (!(await deps.endSession(token))) return 'continue';
  clearSession();
  deps.reload();
  return 'reloading';
}
