// POST /api/roleProjectPrivilege/update and /api/roleVideoPrivilege/update: replace a role's projects and its
// video privileges; each part is sent only when given (the editor sends what changed).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { projectKeys } from '../../project/api/keys';
import { sessionKeys } from '../../session/api/keys';
import { roleKeys } from './keys';
import type { ProjectGrant } from './role-grants-query';

export interface RoleGrantsInput {
  roleId: number;
  projects?: ProjectGrant[];
  videoKeys?: string[];
}

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
