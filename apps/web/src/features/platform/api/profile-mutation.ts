// POST /api/employee/updateById: one's own name, mobile and email (personal info); the session then shows them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../session/api/keys';

export interface ProfileInput {
  /** The signed-in user's own id (session.userLoginInfo.id): the server refuses any other. */
  id: number;
  name: string;
  mobile?: string;
  email?: string;
}

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
