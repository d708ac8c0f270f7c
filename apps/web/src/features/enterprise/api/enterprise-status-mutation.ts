// POST /api/enterprise/updateStatus: enables or disables an enterprise; disabling ends all its sessions.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { enterpriseKeys } from './keys';

export async function setEnterpriseStatus(input: { id: number; status: 0 | 1 }): Promise<void> {
  await api.post('/api/enterprise/updateStatus', input);
}

export function useEnterpriseStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnterpriseStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: enterpriseKeys.all }),
  });
}
