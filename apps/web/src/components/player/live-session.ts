// One tile's stream: livePlayUrl → WebSocket → MediaSource, with retries, codec checks and full clean-up (live-api.md).
import { isApiError } from '@/lib/api/client';
import { AppendQueue } from './append-queue';
import { chaseLatency, rangesOf } from './latency';
import {
  FINAL_CLOSE_CODES,
  MAX_RETRIES,
  isH265,
  parseControlFrame,
  retryDelayMs,
  webSocketUrl,
  type ControlFrame,
  type PlayerError,
  type PlayerState,
  type StreamSource,
} from './player-types';

/** More queued segments than this (seconds of video at 25 fps) means the tab cannot keep up: start over. */
const MAX_PENDING_OPS = 250;

type MediaSourceClass = { new (): MediaSource; isTypeSupported(type: string): boolean };

/** The browser parts a session touches; tests pass fakes. */
export interface MediaEnv {
  MediaSource: MediaSourceClass | undefined;
  WebSocket: new (url: string) => WebSocket;
  createObjectURL(source: MediaSource): string;
  revokeObjectURL(url: string): void;
  location: Pick<Location, 'protocol' | 'host'>;
}

export function browserMediaEnv(): MediaEnv {
  return {
    MediaSource: typeof MediaSource === 'function' ? MediaSource : undefined,
    WebSocket,
    createObjectURL: (source) => URL.createObjectURL(source),
    revokeObjectURL: (url) => URL.revokeObjectURL(url),
    location: window.location,
  };
}

/** The media element parts a session touches. */
export type SessionVideo = Pick<
  HTMLVideoElement,
  'currentTime' | 'buffered' | 'paused' | 'playbackRate' | 'play' | 'load' | 'removeAttribute'
> & { src: string };

/** Thrown past an await when the connection it belonged to is gone: not an error to report. */
class Superseded extends Error {}

export class LiveSession {
  private stopped = false;
  private halted = false;
  /** Bumped on every (re)connect; async steps of an older connection check it and give up. */
  private generation = 0;
  private retries = 0;
  private abort: AbortController | null = null;
  private socket: WebSocket | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private errorFrame: Extract<ControlFrame, { type: 'error' }> | null = null;
  private queue: AppendQueue | null = null;
  private objectUrl: string | null = null;
  private sourceBuffer: SourceBuffer | null = null;
  private mime: string | null = null;
  private initChain: Promise<void> = Promise.resolve();
  private playing = false;

  constructor(
    private readonly video: SessionVideo,
    private readonly source: StreamSource,
    private readonly onState: (state: PlayerState) => void,
    private readonly env: MediaEnv = browserMediaEnv(),
  ) {}

  start(): void {
    if (!this.env.MediaSource) {
      this.fail({ kind: 'mse' });
      return;
    }
    this.connect();
  }

  /** Final: closes the socket, cancels the URL call and retries, releases the MediaSource and its object URL. */
  stop(): void {
    this.stopped = true;
    this.halt();
  }

  private connect(): void {
    const generation = ++this.generation;
    this.errorFrame = null;
    this.playing = false;
    this.onState({ status: 'connecting', attempt: this.retries });
    this.abort = new AbortController();
    this.source.resolve(this.abort.signal).then(
      ({ wsUrl }) => {
        if (generation === this.generation && !this.halted) this.openSocket(wsUrl, generation);
      },
      (error: unknown) => {
        if (generation !== this.generation || this.halted) return;
        // The server refused with a localised reason (4101 offline, 4117 no permission…): retrying cannot help.
        if (isApiError(error) && error.kind === 'code') {
          this.fail({ kind: 'server', code: error.code, message: error.message });
        } else {
          this.retryOrFail();
        }
      },
    );
  }

  private openSocket(wsUrl: string, generation: number): void {
    const socket = new this.env.WebSocket(webSocketUrl(wsUrl, this.env.location));
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.queue = new AppendQueue({
      currentTime: () => this.video.currentTime,
      onUpdated: () => this.onUpdated(generation),
      onFatal: () => this.restart(generation),
    });
    socket.onmessage = (event: MessageEvent<unknown>) => {
      if (typeof event.data === 'string') this.onText(event.data, generation);
      else if (event.data instanceof ArrayBuffer) this.onBinary(event.data, generation);
    };
    socket.onclose = (event) => this.onClose(event.code, generation);
  }

  private onText(text: string, generation: number): void {
    const frame = parseControlFrame(text);
    if (!frame) return;
    if (frame.type === 'error') {
      this.errorFrame = frame;
      return;
    }
    // Inits are handled one after another: the first waits for `sourceopen`, a later one may change codec.
    this.initChain = this.initChain
      .then(() => this.onInit(frame, generation))
      .catch((error: unknown) => {
        if (!(error instanceof Superseded)) this.restart(generation);
      });
  }

  private async onInit(frame: Extract<ControlFrame, { type: 'init' }>, generation: number): Promise<void> {
    this.check(generation);
    const MediaSourceClass = this.env.MediaSource!;
    if (!MediaSourceClass.isTypeSupported(frame.mime)) {
      this.fail(isH265(frame.codec, frame.mime) ? { kind: 'h265' } : { kind: 'codec', mime: frame.mime });
      return;
    }
    if (!this.sourceBuffer) {
      const mediaSource = await this.openMediaSource(MediaSourceClass, generation);
      const sb = mediaSource.addSourceBuffer(frame.mime);
      sb.mode = 'segments';
      this.sourceBuffer = sb;
      this.mime = frame.mime;
      this.queue?.attach(sb);
      return;
    }
    if (frame.mime === this.mime) return;
    if (typeof this.sourceBuffer.changeType === 'function') {
      this.queue?.changeType(frame.mime);
      this.mime = frame.mime;
    } else {
      // No changeType (older browsers): a fresh MediaSource for the new codec.
      this.restart(generation);
    }
  }

  private async openMediaSource(MediaSourceClass: MediaSourceClass, generation: number): Promise<MediaSource> {
    const mediaSource = new MediaSourceClass();
    this.objectUrl = this.env.createObjectURL(mediaSource);
    this.video.src = this.objectUrl;
    if (mediaSource.readyState !== 'open') {
      await new Promise<void>((resolve) => mediaSource.addEventListener('sourceopen', () => resolve(), { once: true }));
    }
    this.check(generation);
    return mediaSource;
  }

  private onBinary(data: ArrayBuffer, generation: number): void {
    if (generation !== this.generation || !this.queue) return;
    this.queue.push(data);
    if (this.queue.pending > MAX_PENDING_OPS) this.restart(generation);
  }

  private onUpdated(generation: number): void {
    if (generation !== this.generation) return;
    const ranges = rangesOf(this.video.buffered);
    if (ranges.length === 0) return;
    if (!this.playing) {
      this.playing = true;
      // A stream that got going earns a fresh retry budget for its next drop.
      this.retries = 0;
      this.onState({ status: 'playing' });
    }
    const decision = chaseLatency(this.video.currentTime, ranges);
    if (decision.action === 'seek') this.video.currentTime = decision.to;
    else if (decision.action === 'rate' && this.video.playbackRate !== decision.rate) {
      this.video.playbackRate = decision.rate;
    }
    if (this.video.paused) this.video.play().catch(() => undefined);
  }

  private onClose(code: number, generation: number): void {
    if (generation !== this.generation || this.halted) return;
    this.socket = null;
    const frame = this.errorFrame;
    if (frame) this.fail({ kind: 'server', code: frame.code, message: frame.msg });
    else if (FINAL_CLOSE_CODES.has(code)) this.fail({ kind: 'server', code, message: '' });
    else this.retryOrFail();
  }

  /** A broken media pipeline on a live connection: drop it and reconnect within the retry budget. */
  private restart(generation: number): void {
    if (generation !== this.generation || this.halted) return;
    this.closeSocket();
    this.retryOrFail();
  }

  private retryOrFail(): void {
    this.releaseMedia();
    if (this.retries >= MAX_RETRIES) {
      this.fail({ kind: 'network' });
      return;
    }
    this.retries += 1;
    this.generation += 1;
    this.onState({ status: 'connecting', attempt: this.retries });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, retryDelayMs(this.retries));
  }

  private fail(error: PlayerError): void {
    this.halt();
    if (!this.stopped) this.onState({ status: 'error', error });
  }

  private halt(): void {
    this.halted = true;
    this.generation += 1;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.abort?.abort();
    this.abort = null;
    this.closeSocket();
    this.releaseMedia();
  }

  private check(generation: number): void {
    if (generation !== this.generation || this.halted) throw new Superseded();
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    // 0 CONNECTING, 1 OPEN: closing either releases the server's viewer at once.
    if (socket.readyState === 0 || socket.readyState === 1) socket.close(1000);
  }

  private releaseMedia(): void {
    this.queue?.dispose();
    this.queue = null;
    this.sourceBuffer = null;
    this.mime = null;
    this.initChain = Promise.resolve();
    if (this.objectUrl) {
      if (this.video.src === this.objectUrl) {
        this.video.removeAttribute('src');
        try {
          // Detaches the MediaSource so the browser frees its decoder now, not at garbage collection.
          this.video.load();
        } catch {
          // Test environments without media playback.
        }
      }
      this.env.revokeObjectURL(this.objectUrl);
      this.objectUrl = null;
    }
  }
}
