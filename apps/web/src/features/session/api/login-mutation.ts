// POST /api/session/login/rsa: sign-in with the encrypted password; the token goes into its cookie (SPEC §4).
import type { LoginMode } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { setToken } from '../../../app/session/storage';
import { sessionKeys } from './keys';
import { encryptPassword } from './rsa';

export interface LoginInput {
  loginName: string;
  password: string;
  loginMode: LoginMode;
  verificationCode?: string;
  verificationKey?: string;
}

export async function login(input: LoginInput): Promise<{ token: string; expiresAt: string }> {
  const password = await encryptPassword(input.password, input.loginName);
  const result = await api.post<{ token: string; expiresAt: string }>(
    '/api/session/login/rsa',
    { ...input, password },
    { quiet: true },
  );
  setToken(result.token);
  return result;
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // A previous user's session must not flash in the console.
    onSuccess: () => queryClient.removeQueries({ queryKey: sessionKeys.all }),
  });
}
