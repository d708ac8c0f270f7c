// GET /api/reset/*: the four calls of password recovery (SPEC §7), each a one-shot mutation of the /findback flow.
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData, ApiQuery } from '@/lib/api/paths';
import { encryptPassword } from '@/features/session/api/rsa';

/** The same for every name (the server does not say whether an account exists). */
export type FoundAccount = ApiData<'get', '/api/reset/findAccount'>;
export type SentCode = ApiData<'get', '/api/reset/sendCode'>;

export function findAccount(userName: string): Promise<FoundAccount> {
  return api.get('/api/reset/findAccount', { userName }, { quiet: true });
}

export function sendCode(input: ApiQuery<'get', '/api/reset/sendCode'>): Promise<SentCode> {
  return api.get('/api/reset/sendCode', input, { quiet: true });
}

export async function verifyCode(input: ApiQuery<'get', '/api/reset/verifyCode'>): Promise<void> {
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
