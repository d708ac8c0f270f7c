// POST /api/device/livePlayUrl (docs/contracts/live-api.md): the signed WebSocket and HLS addresses of one channel.
import { api } from '../../../app/api/client';

export type LiveStreamKind = 'main' | 'sub';

export interface LivePlayUrlRequest {
  deviceId: number;
  /** 1-based channel index; 1 for an IPC. */
  channel: number;
  stream: LiveStreamKind;
}

export interface LivePlayUrl {
  wsUrl: string;
  hlsUrl: string;
  expiresAt: string;
  codec: string;
  mime: string;
  width: number;
  height: number;
}

/**
 * Quiet: a refusal (4101 offline, 4104 no stream, 4105 media failure, 4117 no permission) is shown in the
 * tile with the server's localised msg, not as a toast per tile.
 */
export function fetchLivePlayUrl(request: LivePlayUrlRequest, signal?: AbortSignal): Promise<LivePlayUrl> {
  return api.post<LivePlayUrl>('/api/device/livePlayUrl', request, { signal, quiet: true });
}
