// Query keys of device groups and what each grants (conventions §7).
export const groupKeys = {
  all: ['group'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
  /** Everything one group grants and limits: its devices, channels and staff. */
  members: (groupId: number) => [...groupKeys.all, 'members', groupId] as const,
  devices: (groupId: number, page: number) => [...groupKeys.members(groupId), 'devices', page] as const,
  channels: (groupId: number) => [...groupKeys.members(groupId), 'channels'] as const,
  staff: (groupId: number) => [...groupKeys.members(groupId), 'staff'] as const,
};
