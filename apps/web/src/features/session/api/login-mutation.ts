// POST /api/session/login/rsa: sign-in with the encrypted password; the server sets the HttpOnly token cookie (SPEC §4).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody, ApiData } from '@/lib/api/paths';
import { markSignedIn } from '@/lib/session/storage';
import { sessionKeys } from './keys';
import { encryptPassword } from './rsa';

/** The password in plain text: it is encrypted on the way. */
export type LoginInput = ApiBody<'post', '/api/session/login/rsa'>;

export async function login(input: LoginInput): Promise<ApiData<'post', '/api/session/login/rsa'>> {
  const password = await encryptPassword(input.password, input.loginName);
  const result = await api.post('/api/session/login/rsa', { ...input, password }, { quiet: true });
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
