// POST /api/employee/updateById: one's own name, mobile and email (personal info); the session then shows them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { sessionKeys } from '@/features/session/api/keys';

/** `id` is the signed-in user's own (session.userLoginInfo.id): the server refuses any other. */
export type ProfileInput = ApiBody<'post', '/api/employee/updateById'>;

export async function updateProfile(input: ProfileInput): Promise<void> {
  await api.post('/api/employee/updateById', input, { quiet: true });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.current() }),
  });
}
