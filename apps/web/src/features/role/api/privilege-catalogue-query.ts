// POST /api/privilege/menu and /function: the part of the catalogue the caller may grant, for the role editor's tree.
import type { PrivilegeItem } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { roleKeys } from './keys';

/** Menus and submenus first, then the function points of each, asked per menu as the API is shaped. */
export async function fetchGrantableCatalogue(signal?: AbortSignal): Promise<PrivilegeItem[]> {
  const menus = await api.post('/api/privilege/menu', undefined, { signal });
  const points = await Promise.all(
    menus.map((m) => api.post('/api/privilege/function', { menuKey: m.key }, { signal })),
  );
  return [...menus, ...points.flat()];
}

export function useGrantableCatalogueQuery() {
  return useQuery({
    queryKey: roleKeys.catalogue(),
    queryFn: ({ signal }) => fetchGrantableCatalogue(signal),
    // What one may grant changes only with one's own roles, which ends in a new session anyway.
    staleTime: 10 * 60_000,
  });
}
