// POST /api/roleProjectPrivilege/query/{id} and /api/roleVideoPrivilege/queryAll {roleId}: a role's projects
// (each with its project-level keys) and its video privileges, read together for the role editor.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { roleKeys } from './keys';

export interface ProjectGrant {
  projectId: number;
  privilegeKeys: string[];
}

export interface RoleGrants {
  projects: ProjectGrant[];
  videoKeys: string[];
}

export async function fetchRoleGrants(roleId: number, signal?: AbortSignal): Promise<RoleGrants> {
  const [projects, video] = await Promise.all([
    api.post<ProjectGrant[]>(`/api/roleProjectPrivilege/query/${roleId}`, undefined, { signal }),
    api.post<{ key: string }[]>('/api/roleVideoPrivilege/queryAll', { roleId }, { signal }),
  ]);
  return { projects, videoKeys: video.map((v) => v.key) };
}

/** Disabled for a role being added: it has none yet. */
export function useRoleGrantsQuery(roleId: number | undefined) {
  return useQuery({
    queryKey: roleKeys.grants(roleId ?? 0),
    queryFn: ({ signal }) => fetchRoleGrants(roleId!, signal),
    enabled: roleId !== undefined,
    // Always fresh when the editor opens: another administrator may have changed them.
    staleTime: 0,
  });
}
