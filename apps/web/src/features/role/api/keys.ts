// Query keys of roles, the grantable privilege catalogue and video privileges (conventions §7).
export const roleKeys = {
  all: ['role'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  staff: (roleId: number) => [...roleKeys.all, 'staff', roleId] as const,
  /** A role's project and video privileges (under `all`: saving a role refreshes them too). */
  grants: (roleId: number) => [...roleKeys.all, 'grants', roleId] as const,
  catalogue: () => ['privilege', 'grantable'] as const,
  /** The video privileges the caller may grant, named in the language asked. */
  videoCatalogue: (language: string) => ['privilege', 'video', language] as const,
};
