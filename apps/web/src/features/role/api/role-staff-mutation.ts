// POST /api/role/addEmployeeList and /removeEmployeeList: the difference the assignment dialog made, in two calls.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { employeeKeys } from '@/features/employee/api/keys';
import { roleKeys } from './keys';

export interface RoleStaffChange {
  roleId: number;
  add: number[];
  remove: number[];
}

/** Adds before removing: a refused removal (someone's last role, 409) then leaves the additions in place. */
export async function changeRoleStaff({ roleId, add, remove }: RoleStaffChange): Promise<void> {
  if (add.length > 0) await api.post('/api/role/addEmployeeList', { roleId, employeeIds: add }, { quiet: true });
  if (remove.length > 0)
    await api.post('/api/role/removeEmployeeList', { roleId, employeeIds: remove }, { quiet: true });
}

export function useRoleStaffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRoleStaff,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      await queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });
}
