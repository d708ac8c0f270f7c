// Query keys of the session domain (CONVENTIONS 7): one factory, mutations invalidate through it.
export const sessionKeys = {
  all: ['session'] as const,
  current: () => [...sessionKeys.all, 'current'] as const,
  captcha: () => [...sessionKeys.all, 'captcha'] as const,
  // Its title is in the asking language (the server's product name per language, unless configured).
  branding: (language: string) => ['branding', language] as const,
};
