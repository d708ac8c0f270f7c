// POST /api/group/add or /update (name, remark, and open/closed state).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { groupKeys } from './keys';
import type { GroupState } from './groups-query';

export interface GroupInput {
  id?: number;
  name: string;
  remark?: string;
  state?: GroupState;
}

export async function saveGroup({ id, state, ...group }: GroupInput, quiet = true): Promise<void> {
  if (id === undefined) await api.post('/api/group/add', group, { quiet });
  else await api.post('/api/group/update', { id, ...group, ...(state ? { state } : {}) }, { quiet });
}

/** `quiet` false for one-click actions (open/close) that show a refusal as a toast, not inside a form. */
export function useSaveGroupMutation({ quiet = true }: { quiet?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GroupInput) => saveGroup(input, quiet),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
