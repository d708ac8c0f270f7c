// POST /api/role/add or /update: name, remark and privilege keys (the server adds ancestors, refuses keys beyond the caller's).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { sessionKeys } from '@/features/session/api/keys';
import { roleKeys } from './keys';

/** An addition, or with `id` an edit. */
export type RoleInput = ApiBody<'post', '/api/role/add'> & { id?: number };

/** Answers the role's id: the new one when added, so its project and video privileges can follow. */
export async function saveRole({ id, ...role }: RoleInput): Promise<number> {
  if (id === undefined) return (await api.post('/api/role/add', role, { quiet: true })).id;
  await api.post('/api/role/update', { id, ...role }, { quiet: true });
  return id;
}

export function useSaveRoleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: roleKeys.all });
      // The editor may hold the role it changed: its own menus follow.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
}
