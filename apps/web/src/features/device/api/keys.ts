// Query keys of the GB28181 settings (CONVENTIONS 7); the device list's own keys live with the project tree's.
export const gb28181Keys = {
  all: ['gb28181'] as const,
  sipServer: () => [...gb28181Keys.all, 'sipServer'] as const,
  regional: () => [...gb28181Keys.all, 'regional'] as const,
};
