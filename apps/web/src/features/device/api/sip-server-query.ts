// GET /api/device/sipServer: the platform SIP server a device must be configured with, and the enterprise's enrolment secret for its administrators.
import type { SipServer } from '@svc/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { gb28181Keys } from './keys';

export function fetchSipServer(signal?: AbortSignal): Promise<SipServer> {
  return api.get('/api/device/sipServer', undefined, { signal });
}

/** The settings change only with the server's configuration: no refetch while a dialog stays open. */
export function useSipServerQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: gb28181Keys.sipServer(),
    queryFn: ({ signal }) => fetchSipServer(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
