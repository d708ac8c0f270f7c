// POST /api/project/query/mine: the forest of projects and areas the caller may see, with their first devices.
import type { ProjectNode } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { projectKeys } from './keys';

export function fetchMyProjects(signal?: AbortSignal): Promise<ProjectNode[]> {
  return api.post('/api/project/query/mine', undefined, { signal });
}

/** `enabled` false for users without the `project` menu: the server would refuse them. */
export function useMyProjectsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: projectKeys.mine(), queryFn: ({ signal }) => fetchMyProjects(signal), enabled });
}
