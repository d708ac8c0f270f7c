// POST /api/enterprise/updateStatus: enables or disables an enterprise; disabling ends all its sessions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { enterpriseKeys } from './keys';

export async function setEnterpriseStatus(input: ApiBody<'post', '/api/enterprise/updateStatus'>): Promise<void> {
  await api.post('/api/enterprise/updateStatus', input);
}

export function useEnterpriseStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnterpriseStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
  });
}
