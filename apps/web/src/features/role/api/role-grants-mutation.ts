// POST /api/roleProjectPrivilege/update and /api/roleVideoPrivilege/update: replace a role's projects and its
// video privileges; each part is sent only when given (the editor sends what changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { projectKeys } from '@/features/project/api/keys';
import { sessionKeys } from '@/features/session/api/keys';
import { roleKeys } from './keys';

/** Each part only when it changed. */
export type RoleGrantsInput = {
  roleId: number;
  projects?: ApiBody<'post', '/api/roleProjectPrivilege/update'>['projects'];
  videoKeys?: ApiBody<'post', '/api/roleVideoPrivilege/update'>['keys'];
};

export async function saveRoleGrants({ roleId, projects, videoKeys }: RoleGrantsInput): Promise<void> {
  if (projects) await api.post('/api/roleProjectPrivilege/update', { roleId, projects }, { quiet: true });
  if (videoKeys) await api.post('/api/roleVideoPrivilege/update', { roleId, keys: videoKeys }, { quiet: true });
}

export function useSaveRoleGrantsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRoleGrants,
    onSettled: async (_, __, input) => {
      await queryClient.invalidateQueries({ queryKey: roleKeys.grants(input.roleId) });
      // The editor may hold the role it changed: the projects it sees follow.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
