// What the stream player shows and needs: its states, its errors, and the source a page hands it.

/** Why a stream stopped for good; the player names each in the user's language. */
export type PlayerError =
  /** The server's own (already localised) message: an envelope of livePlayUrl or an `error` frame. */
  | { kind: 'server'; code: number; message: string }
  /** MediaSource cannot decode H.265 in this browser. */
  | { kind: 'h265' }
  /** Any other codec the browser cannot decode. */
  | { kind: 'codec'; mime: string }
  /** No Media Source Extensions at all (old browser, some iOS versions). */
  | { kind: 'mse' }
  /** The connection kept dropping: retries exhausted. */
  | { kind: 'network' };

export type PlayerState =
  | { status: 'idle' }
  | { status: 'connecting'; attempt: number }
  | { status: 'playing' }
  /** Off-screen or in a hidden tab: the socket is closed until it is seen again. */
  | { status: 'paused' }
  | { status: 'error'; error: PlayerError };

/** Where the stream of one tile comes from: the signed WebSocket path of a live (or playback) URL call. */
export interface StreamSource {
  /** Changes whenever the stream must restart (another channel, another stream kind, a new click). */
  key: string;
  resolve: (signal: AbortSignal) => Promise<{ wsUrl: string }>;
}

/** The text frames of docs/contracts/live-api.md. */
export type ControlFrame =
  | { type: 'init'; codec: string; mime: string; width?: number; height?: number }
  | { type: 'error'; code: number; msg: string };

/** Close codes after which reconnecting cannot help: the server said why in an `error` frame. */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([4101, 4104, 4105, 4117]);
/** Unexpected closes are retried this many times, each with a fresh signed URL. */
export const MAX_RETRIES = 3;
/** Backoff before retry n (1-based): 1 s, 2 s, 4 s. */
export const retryDelayMs = (attempt: number) => 1000 * 2 ** (attempt - 1);

export function parseControlFrame(text: string): ControlFrame | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return null;
    const frame = value as Record<string, unknown>;
    if (frame.type === 'init' && typeof frame.mime === 'string') {
      return {
        type: 'init',
        codec: typeof frame.codec === 'string' ? frame.codec : '',
        mime: frame.mime,
        width: typeof frame.width === 'number' ? frame.width : undefined,
        height: typeof frame.height === 'number' ? frame.height : undefined,
      };
    }
    if (frame.type === 'error' && typeof frame.code === 'number') {
      return { type: 'error', code: frame.code, msg: typeof frame.msg === 'string' ? frame.msg : '' };
    }
  } catch {
    // Not JSON: ignored like any unknown frame, so a newer server can add kinds.
  }
  return null;
}

/** H.265 under any of its names (codec field or the mime's codecs string: hvc1, hev1). */
export function isH265(codec: string, mime: string): boolean {
  return /^(h265|hevc)$/i.test(codec) || /codecs="?(hvc1|hev1)/i.test(mime);
}

/** `ws(s)://host + wsUrl`, the scheme following the page's so an https console uses wss. */
export function webSocketUrl(wsUrl: string, location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${wsUrl.startsWith('/') ? '' : '/'}${wsUrl}`;
}
