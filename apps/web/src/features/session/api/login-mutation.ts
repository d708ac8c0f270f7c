// POST /api/session/login/rsa: sign-in with the encrypted password; the server sets the HttpOnly token cookie (SPEC §4).
import type { LoginMode } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { markSignedIn } from '../../../app/session/storage';
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
  // The answer carries the token for other API clients; the browser keeps only the cookie and a marker.
  markSignedIn();
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
