// POST /api/device/regional/resetSecret (administrators): a new enrolment secret; the SIP settings that show it refresh.
import type { EnrolmentSecret } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { gb28181Keys } from './keys';

export function resetEnrolmentSecret(): Promise<EnrolmentSecret> {
  return api.post('/api/device/regional/resetSecret');
}

export function useResetEnrolmentSecretMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetEnrolmentSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gb28181Keys.sipServer() }),
  });
}
