// Query keys of roles and of the grantable privilege catalogue (CONVENTIONS 7).
export const roleKeys = {
  all: ['role'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  staff: (roleId: number) => [...roleKeys.all, 'staff', roleId] as const,
  catalogue: () => ['privilege', 'grantable'] as const,
};
