// POST /api/role/add or /update: name, remark and privilege keys (the server adds ancestors, refuses keys beyond the caller's).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../session/api/keys';
import { roleKeys } from './keys';

export interface RoleInput {
  id?: number;
  roleName: string;
  remark?: string;
  privilegeKeys: string[];
}

export async function saveRole({ id, ...role }: RoleInput): Promise<void> {
  if (id === undefined) await api.post('/api/role/add', role, { quiet: true });
  else await api.post('/api/role/update', { id, ...role }, { quiet: true });
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
