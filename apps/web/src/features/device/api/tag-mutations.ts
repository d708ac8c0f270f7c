// POST /api/device/tag/add and /api/device/tag/remove: a tag on or off devices; the device rows and the tag list refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { deviceKeys } from '@/features/project/api/keys';
import { tagKeys } from './keys';

/** The tag's name is 1–32 characters once trimmed; /tag/add makes the tag on its first use. */
export type TagDevicesBody = ApiBody<'post', '/api/device/tag/add'>;

export async function addTag(body: TagDevicesBody): Promise<void> {
  await api.post('/api/device/tag/add', body);
}

export async function removeTag(body: TagDevicesBody): Promise<void> {
  await api.post('/api/device/tag/remove', body);
}

function useTagMutation(mutationFn: (body: TagDevicesBody) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // Device rows carry their tags; the tag list carries device counts (and loses a tag left on no device).
      await queryClient.invalidateQueries({ queryKey: [...deviceKeys.all, 'list'] });
      await queryClient.invalidateQueries({ queryKey: tagKeys.list() });
    },
  });
}

export const useAddTagMutation = () => useTagMutation(addTag);
export const useRemoveTagMutation = () => useTagMutation(removeTag);
