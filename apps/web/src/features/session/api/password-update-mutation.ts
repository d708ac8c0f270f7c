// POST /api/session/update/password: both passwords encrypted; success ends the other sessions (SPEC §4).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { setPasswordUpdatedFlag } from '../../../app/session/storage';
import { encryptPassword } from './rsa';

export interface PasswordUpdateInput {
  loginName: string;
  oldPassword: string;
  newPassword: string;
}

export async function updatePassword(input: PasswordUpdateInput): Promise<void> {
  const oldPassword = await encryptPassword(input.oldPassword, input.loginName);
  const newPassword = await encryptPassword(input.newPassword, input.loginName);
  await api.post('/api/session/update/password', { oldPassword, newPassword }, { quiet: true });
  // From here the user must sign in again; the flag makes a reload before logout finish the job.
  setPasswordUpdatedFlag();
}

export function usePasswordUpdateMutation() {
  return useMutation({ mutationFn: updatePassword });
}
