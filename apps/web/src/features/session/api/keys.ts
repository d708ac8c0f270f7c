// Query keys of the session domain (conventions §7): one factory, mutations invalidate through it.
export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
  captcha: () => [...sessionKeys.all, 'captcha'] as const,
};
