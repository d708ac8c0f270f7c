// Query keys of password recovery (conventions §7). Recovery calls are one-shot mutations; no cached queries today.
export const recoveryKeys = {
  all: ['recovery'] as const,
};
