// POST /api/device/tag/list: every tag of the enterprise with how many devices carry it.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { tagKeys } from './keys';

export interface Tag {
  id: number;
  tagName: string;
  deviceCount: number;
}

export function fetchTags(signal?: AbortSignal): Promise<Tag[]> {
  return api.post<Tag[]>('/api/device/tag/list', undefined, { signal });
}

/** `enabled` false until someone starts adding a tag: only the suggestions need the list. */
export function useTagsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: tagKeys.list(), queryFn: ({ signal }) => fetchTags(signal), enabled });
}
