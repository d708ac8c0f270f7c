// POST /api/device/livePlayUrl (docs/contracts/live-api.md): the signed WebSocket and HLS addresses of one channel.
import { api } from '@/lib/api/client';
import type { ApiBody, ApiData } from '@/lib/api/paths';

/** `channel` is 1-based, 1 for an IPC; `stream` is main unless asked for sub. */
export type LivePlayUrlRequest = ApiBody<'post', '/api/device/livePlayUrl'>;
export type LivePlayAnswer = ApiData<'post', '/api/device/livePlayUrl'>;

/**
 * Quiet: a refusal (4101 offline, 4104 no stream, 4105 media failure, 4117 no permission) is shown in the
 * tile with the server's localised msg, not as a toast per tile.
 */
export function fetchLivePlayUrl(request: LivePlayUrlRequest, signal?: AbortSignal): Promise<LivePlayAnswer> {
  return api.post('/api/device/livePlayUrl', request, { signal, quiet: true });
}
