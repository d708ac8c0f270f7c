// POST /api/group/employee/listAdd and /listRemove: the difference the membership list made, in two calls.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { employeeKeys } from '@/features/employee/api/keys';
import { groupKeys } from './keys';

export interface GroupStaffChange {
  groupId: number;
  add: number[];
  remove: number[];
}

export async function changeGroupStaff({ groupId, add, remove }: GroupStaffChange): Promise<void> {
  if (add.length > 0) await api.post('/api/group/employee/listAdd', { groupId, employeeIds: add }, { quiet: true });
  if (remove.length > 0)
    await api.post('/api/group/employee/listRemove', { groupId, employeeIds: remove }, { quiet: true });
}

export function useGroupStaffMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeGroupStaff,
    onSettled: async () => {
      // Staff counts of every group, and the staff list's group column.
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      await queryClient.invalidateQueries({ queryKey: employeeKeys.lists() });
    },
  });
}
