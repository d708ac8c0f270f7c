// POST /api/group/add or /update (name, remark, and open/closed state).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { groupKeys } from './keys';

/** An addition, or with `id` an edit; `state` only on an edit. */
export type GroupInput = ApiBody<'post', '/api/group/add'> &
  Partial<Pick<ApiBody<'post', '/api/group/update'>, 'id' | 'state'>>;

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
