// POST /api/role/copy: a new role with the keys of an existing one, under a new name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { roleKeys } from './keys';

export async function copyRole(input: ApiBody<'post', '/api/role/copy'>): Promise<void> {
  await api.post('/api/role/copy', input, { quiet: true });
}

export function useCopyRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
