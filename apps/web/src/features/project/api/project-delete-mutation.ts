// POST /api/project/deleteByIds: refused (409) while a device or non-empty child hangs below; the client shows that message.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { projectKeys } from './keys';

export async function deleteProjects(ids: number[]): Promise<void> {
  await api.post('/api/project/deleteByIds', ids);
}

export function useDeleteProjectsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProjects,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
