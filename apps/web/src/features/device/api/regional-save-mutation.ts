// POST /api/device/regional/update (privilege GB28181): answers the server's msg, which the form shows as it is.
import type { RegionalConfig } from '@svc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { gb28181Keys } from './keys';

/** Quiet: a parameter error (4000) is shown on its field by the form, not as a toast. */
export async function saveRegional(body: RegionalConfig): Promise<string> {
  const envelope = await api.postEnvelope('/api/device/regional/update', body, { quiet: true });
  return envelope.msg;
}

export function useSaveRegionalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRegional,
    // A first save also makes the enterprise's enrolment secret, which the SIP settings show.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gb28181Keys.all }),
  });
}
