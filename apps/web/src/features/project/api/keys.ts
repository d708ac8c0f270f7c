// Query keys of projects and devices (conventions §7): the tree of query/mine, recent activity, device pages, details
// and channels.
import type { DeviceQuery } from '@svc/contracts';

export const projectKeys = {
  all: ['project'] as const,
  mine: () => [...projectKeys.all, 'mine'] as const,
  // Under `all`, so adding or deleting a project or device (which invalidate `all`) refreshes it too.
  activity: (size: number) => [...projectKeys.all, 'activity', size] as const,
};

export const deviceKeys = {
  all: ['device'] as const,
  list: (query: Partial<DeviceQuery>) => [...deviceKeys.all, 'list', query] as const,
  detail: (id: number) => [...deviceKeys.all, 'detail', id] as const,
  channels: (id: number) => [...deviceKeys.all, 'channels', id] as const,
};
