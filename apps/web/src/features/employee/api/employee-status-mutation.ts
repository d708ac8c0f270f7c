// Enable (1) or disable (0) staff (SPEC §4): GET updateStatus/{id}/{status} for one, POST batchUpdateStatus for several.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { employeeKeys } from './keys';

export type StatusInput = ApiBody<'post', '/api/employee/batchUpdateStatus'>;

export async function setEmployeeStatus({ ids, status }: StatusInput): Promise<void> {
  const [id] = ids;
  if (ids.length === 1 && id !== undefined)
    await api.get('/api/employee/updateStatus/{id}/{status}', undefined, { params: { id, status } });
  else await api.post('/api/employee/batchUpdateStatus', { ids, status });
}

export function useEmployeeStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmployeeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
}
