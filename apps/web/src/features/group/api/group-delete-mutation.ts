// POST /api/group/delete: allowed only once the group is closed (SPEC §4); the server says so otherwise.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { groupKeys } from './keys';

export async function deleteGroup(id: number): Promise<void> {
  await api.post('/api/group/delete', { id });
}

export function useDeleteGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
