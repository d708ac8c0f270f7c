// POST /api/enterprise/update: renames an enterprise.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { enterpriseKeys } from './keys';

export async function renameEnterprise(input: { id: number; name: string }): Promise<void> {
  await api.post('/api/enterprise/update', input, { quiet: true });
}

export function useRenameEnterpriseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameEnterprise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
  });
}
