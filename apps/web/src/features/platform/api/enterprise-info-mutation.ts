// POST /api/platform/update: every field of the enterprise info at once (SPEC §5: all required); sessions show the new name.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api/client';
import { sessionKeys } from '../../session/api/keys';
import type { EnterpriseInfo } from './enterprise-info-query';
import { platformKeys } from './keys';

export type EnterpriseInfoInput = { [K in Exclude<keyof EnterpriseInfo, 'logoUrl' | 'logoFileId'>]: string } & {
  logoFileId: number;
};

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
