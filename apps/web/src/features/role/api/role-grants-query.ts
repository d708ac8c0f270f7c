// POST /api/roleProjectPrivilege/query/{id} and /api/roleVideoPrivilege/queryAll {roleId}: a role's projects
// (each with its project-level keys) and its video privileges, read together for the role editor.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiData } from '@/lib/api/paths';
import { roleKeys } from './keys';

export type ProjectGrant = ApiData<'post', '/api/roleProjectPrivilege/query/{id}'>[number];

/** A role's projects and the keys of its video privileges, as the editor holds them. */
export type RoleGrants = {
  projects: ProjectGrant[];
  videoKeys: ApiData<'post', '/api/roleVideoPrivilege/queryAll'>[number]['key'][];
};

export async function fetchRoleGrants(roleId: number, signal?: AbortSignal): Promise<RoleGrants> {
  const [projects, video] = await Promise.all([
    api.post('/api/roleProjectPrivilege/query/{id}', undefined, { signal, params: { id: roleId } }),
    api.post('/api/roleVideoPrivilege/queryAll', { roleId }, { signal }),
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
