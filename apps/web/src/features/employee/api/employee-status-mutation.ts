// Enable (1) or disable (0) staff (SPEC §4): GET updateStatus/{id}/{status} for one, POST batchUpdateStatus for several.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { employeeKeys } from './keys';

export interface StatusInput {
  ids: number[];
  status: 0 | 1;
}

export async function setEmployeeStatus({ ids, status }: StatusInput): Promise<void> {
  if (ids.length === 1) await api.get(`/api/employee/updateStatus/${ids[0]}/${status}`);
  else await api.post('/api/employee/batchUpdateStatus', { ids, status });
}

export function useEmployeeStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmployeeStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.lists() }),
  });
}
