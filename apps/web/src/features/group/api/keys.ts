// Query keys of device groups (CONVENTIONS 7).
export const groupKeys = {
  all: ['group'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
};
