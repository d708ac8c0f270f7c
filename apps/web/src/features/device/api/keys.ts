// Query keys of the GB28181 settings and of tags (conventions §7); device lists' keys live with the project tree's.
import { deviceKeys } from '@/features/project/api/keys';

export const gb28181Keys = {
  all: ['gb28181'] as const,
  sipServer: () => [...gb28181Keys.all, 'sipServer'] as const,
  regional: () => [...gb28181Keys.all, 'regional'] as const,
};

/** Under the device keys: deleting devices, which refreshes those, changes the tags' device counts too. */
export const tagKeys = {
  list: () => [...deviceKeys.all, 'tags'] as const,
};
