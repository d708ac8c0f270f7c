// POST /api/employee/delete/{id}: removes a staff member; roles and departments show new counts afterwards.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { roleKeys } from '@/features/role/api/keys';
import { employeeKeys } from './keys';

export async function deleteEmployee(id: number): Promise<void> {
  await api.post('/api/employee/delete/{id}', undefined, { params: { id } });
}

export function useDeleteEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: employeeKeys.all });
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
