// POST /api/session/update/password: both passwords encrypted; success ends the other sessions (SPEC §4).
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { setPasswordUpdatedFlag } from '@/lib/session/storage';
import { encryptPassword } from './rsa';

/** Both passwords in plain text; the login name asks for the key they are encrypted under. */
export type PasswordUpdateInput = ApiBody<'post', '/api/session/update/{variant}'> & { loginName: string };

export async function updatePassword(input: PasswordUpdateInput): Promise<void> {
  const oldPassword = await encryptPassword(input.oldPassword, input.loginName);
  const newPassword = await encryptPassword(input.newPassword, input.loginName);
  await api.post(
    '/api/session/update/{variant}',
    { oldPassword, newPassword },
    { quiet: true, params: { variant: 'password' } },
  );
  // From here the user must sign in again; the flag makes a reload before logout finish the job.
  setPasswordUpdatedFlag();
}

export function usePasswordUpdateMutation() {
  return useMutation({ mutationFn: updatePassword });
}
