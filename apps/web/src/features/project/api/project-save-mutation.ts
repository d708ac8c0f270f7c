// POST /api/project/add and /api/project/update: the server's own msg ("Project added." …) is what the user sees.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { deviceKeys, projectKeys } from './keys';

/**
 * An edit (`id`) or an addition. A project's logo is required (SPEC §5); an area's is optional, and on
 * an edit `null` takes it away while leaving it out keeps it.
 */
export type SaveProject =
  ApiBody<'post', '/api/project/update'> | (ApiBody<'post', '/api/project/add'> & { id?: undefined });

/** Answers the server's message, shown as the success toast. */
export async function saveProject(values: SaveProject): Promise<string> {
  if (values.id !== undefined) {
    const answer = await api.postEnvelope('/api/project/update', values, { quiet: true });
    return answer.msg;
  }
  const answer = await api.postEnvelope('/api/project/add', values, { quiet: true });
  return answer.msg;
}

export function useSaveProjectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      // Device rows carry their project's name.
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
    },
  });
}
