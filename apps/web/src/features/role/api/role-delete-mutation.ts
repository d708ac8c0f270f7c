// GET /api/role/delete/{id}: refused with 409 while staff hold the role; the client shows that message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { roleKeys } from './keys';

export async function deleteRole(id: number): Promise<void> {
  await api.get('/api/role/delete/{id}', undefined, { params: { id } });
}

export function useDeleteRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
