// POST /api/roleVideoPrivilege/queryAll and /queryMine: every video privilege, named by the server in the
// caller's language, and those the caller holds (and so may grant).
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api/client';
import type { ApiSchema } from '@/lib/api/paths';
import { roleKeys } from './keys';

/** `grantable`: the caller holds it, so may put it in a role. */
export type VideoPrivilege = ApiSchema<'VideoPrivilege'> & { grantable: boolean };

export async function fetchVideoPrivileges(signal?: AbortSignal): Promise<VideoPrivilege[]> {
  const [all, mine] = await Promise.all([
    api.post('/api/roleVideoPrivilege/queryAll', undefined, { signal }),
    api.post('/api/roleVideoPrivilege/queryMine', undefined, { signal }),
  ]);
  const held = new Set(mine);
  return all.map((p) => ({ ...p, grantable: held.has(p.key) }));
}

export function useVideoPrivilegesQuery() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: roleKeys.videoCatalogue(i18n.language),
    queryFn: ({ signal }) => fetchVideoPrivileges(signal),
    // What one may grant changes only with one's own roles, which ends in a new session anyway.
    staleTime: 10 * 60_000,
  });
}
