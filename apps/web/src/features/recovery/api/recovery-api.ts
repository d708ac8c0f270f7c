// GET /api/reset/*: the four calls of password recovery (SPEC §7), each a one-shot mutation of the /findback flow.
import type { ResetChannel } from '@svc/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { encryptPassword } from '../../session/api/rsa';

/** The same for every name (the server does not say whether an account exists). */
export interface FoundAccount {
  userName: string;
  channels: { type: ResetChannel }[];
}
export interface SentCode {
  expiresInSeconds: number;
}

export function findAccount(userName: string): Promise<FoundAccount> {
  return api.get<FoundAccount>('/api/reset/findAccount', { userName }, { quiet: true });
}

export function sendCode(input: { userName: string; type: ResetChannel }): Promise<SentCode> {
  return api.get<SentCode>('/api/reset/sendCode', input, { quiet: true });
}

export async function verifyCode(input: { userName: string; code: string }): Promise<void> {
  await api.get('/api/reset/verifyCode', input, { quiet: true });
}

/** The new password travels encrypted and URL-encoded in the query (SPEC §7: resetPw is a GET). */
export async function resetPassword(input: { userName: string; code: string; password: string }): Promise<void> {
  const password = await encryptPassword(input.password, input.userName);
  await api.get('/api/reset/resetPw', { userName: input.userName, code: input.code, password }, { quiet: true });
}

export const useFindAccountMutation = () => useMutation({ mutationFn: findAccount });
export const useSendCodeMutation = () => useMutation({ mutationFn: sendCode });
export const useVerifyCodeMutation = () => useMutation({ mutationFn: verifyCode });
export const useResetPasswordMutation = () => useMutation({ mutationFn: resetPassword });
