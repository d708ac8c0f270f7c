// POST /api/employee/update, then /updateRoles when the roles changed: the edit form saves both in one step.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { employeeKeys } from './keys';

/** `roleIds` only when they changed: the server refuses role changes to one's own account. */
export type UpdateEmployeeInput = {
  details: ApiBody<'post', '/api/employee/update'>;
  roleIds?: ApiBody<'post', '/api/employee/updateRoles'>['roleIds'];
};

export async function updateEmployee({ details, roleIds }: UpdateEmployeeInput): Promise<void> {
  await api.post('/api/employee/update', details, { quiet: true });
  if (roleIds) await api.post('/api/employee/updateRoles', { id: details.id, roleIds }, { quiet: true });
}

export function useUpdateEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    // Invalidate even after a half-done save (details stored, roles refused): the list must show what is stored.
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
