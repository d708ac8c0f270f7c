// POST /api/enterprise/update: renames an enterprise.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { enterpriseKeys } from './keys';

export async function renameEnterprise(input: ApiBody<'post', '/api/enterprise/update'>): Promise<void> {
  await api.post('/api/enterprise/update', input, { quiet: true });
}

export function useRenameEnterpriseMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameEnterprise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
  });
}
