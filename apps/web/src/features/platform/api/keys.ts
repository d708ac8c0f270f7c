// Query keys of the platform pages (conventions §7): the enterprise info of /platform/info.
export const platformKeys = {
  all: ['platform'] as const,
  info: () => [...platformKeys.all, 'info'] as const,
};
