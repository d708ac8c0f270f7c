// POST /api/device/tag/list: every tag of the enterprise with how many devices carry it.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/paths';
import { tagKeys } from './keys';

export type Tag = ApiSchema<'Tag'>;

export function fetchTags(signal?: AbortSignal): Promise<Tag[]> {
  return api.post('/api/device/tag/list', undefined, { signal });
}

/** `enabled` false until someone starts adding a tag: only the suggestions need the list. */
export function useTagsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: tagKeys.list(), queryFn: ({ signal }) => fetchTags(signal), enabled });
}
