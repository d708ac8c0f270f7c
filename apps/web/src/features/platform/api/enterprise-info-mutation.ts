// POST /api/platform/update: every field of the enterprise info at once (SPEC §5: all required); sessions show the new name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ApiBody } from '@/lib/api/paths';
import { sessionKeys } from '@/features/session/api/keys';
import { platformKeys } from './keys';

export type EnterpriseInfoInput = ApiBody<'post', '/api/platform/update'>;

export async function updateEnterpriseInfo(input: EnterpriseInfoInput): Promise<void> {
  await api.post('/api/platform/update', input, { quiet: true });
}

export function useUpdateEnterpriseInfoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnterpriseInfo,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: platformKeys.info() });
      // The enterprise name shows in the account menu and the branded header.
      await queryClient.invalidateQueries({ queryKey: sessionKeys.current() });
    },
  });
}
