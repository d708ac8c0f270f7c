// Fan-out of one live stream: keeps the init segment and the current GOP so a new viewer starts at
// once, sends each fragment to every viewer, drops viewers that fall behind, and (when someone
// asked for HLS) cuts the stream into one-GOP segments.
import type { VideoTrack } from '@svc/media';
import { wsBinaryFrame, type Fragment } from './ws-frame.js';

export type { Fragment } from './ws-frame.js';

export interface StreamInfo {
  codec: 'h264' | 'h265';
  mime: string;
  width: number;
  height: number;
}

export interface Viewer {
  start(info: StreamInfo, init: Buffer): void;
  /** The same Fragment object goes to every viewer: use its bytes, never change them. */
  send(fragment: Fragment): void;
  /** Bytes queued towards this viewer and not yet written to the network. */
  readonly backlog: number;
  close(code: number, reason: string): void;
}

export interface HlsSegment {
  sequence: number;
  /** seconds */
  duration: number;
  data: Buffer;
}

/** Past this much unsent data a viewer is too slow to be live (about 4 s at 2 Mbit/s). */
export const MAX_VIEWER_BACKLOG = 1024 * 1024;
/** A GOP cache larger than this (a camera with a very long GOP) is given up until the next keyframe. */
const MAX_GOP_BYTES = 8 * 1024 * 1024;
const HLS_SEGMENTS = 6;
export const SLOW_VIEWER_CLOSE = 4429;

export const infoOf = (t: VideoTrack): StreamInfo => ({
  codec: t.codec,
  mime: `video/mp4; codecs="${t.codecString}"`,
  width: t.width,
  height: t.height,
});

export class StreamHub {
  info: StreamInfo | undefined;
  init: Buffer | undefined;
  private gop: Fragment[] = [];
  private gopBytes = 0;
  private gopOverflow = false;
  readonly viewers = new Set<Viewer>();
  readonly stats = { fragments: 0, dropped: 0, slowViewers: 0 };

  private hls: { segments: HlsSegment[]; parts: Buffer[]; duration: number; sequence: number } | undefined;

  /** Bytes the GOP cache holds now: the part of a stream's memory that grows with its bitrate and GOP. */
  get gopCacheBytes(): number {
    return this.gopBytes;
  }

  setInit(init: Buffer, track: VideoTrack): void {
    this.init = init;
    this.info = infoOf(track);
    this.gop = [];
    this.gopBytes = 0;
    for (const v of this.viewers) v.start(this.info, init);
    if (this.hls) this.hls = { segments: [], parts: [], duration: 0, sequence: this.hls.sequence + 1 };
  }

  /** `headroom`: bytes free before the payload in its buffer (see wsBinaryFrame); the hub may write there. */
  push(payload: Buffer, keyframe: boolean, duration: number, headroom = 0): void {
    this.stats.fragments++;
    // Framed once here for every viewer and for the GOP cache (late joiners reuse the frames too).
    const fragment = wsBinaryFrame(payload, headroom);
    if (keyframe) {
      this.cutHlsSegment();
      this.gop = [];
      this.gopBytes = 0;
      this.gopOverflow = false;
    }
    if (!this.gopOverflow) {
      this.gop.push(fragment);
      this.gopBytes += fragment.frame.length;
      if (this.gopBytes > MAX_GOP_BYTES) {
        this.gopOverflow = true;
        this.gop = [];
        this.gopBytes = 0;
      }
    }
    // A segment must begin with a keyframe: collect only from one on.
    if (this.hls && (keyframe || this.hls.parts.length > 0)) {
      this.hls.parts.push(fragment.data);
      this.hls.duration += duration / 90_000;
    }
    for (const v of this.viewers) {
      if (v.backlog > MAX_VIEWER_BACKLOG) {
        this.stats.slowViewers++;
        this.viewers.delete(v);
        v.close(SLOW_VIEWER_CLOSE, 'viewer too slow');
        continue;
      }
      v.send(fragment);
    }
  }

  /** A new viewer gets the init segment and the GOP so far, then the live fragments. */
  add(v: Viewer): void {
    this.viewers.add(v);
    if (!this.init || !this.info) return;
    v.start(this.info, this.init);
    for (const f of this.gop) v.send(f);
  }

  remove(v: Viewer): void {
    this.viewers.delete(v);
  }

  closeAll(code: number, reason: string): void {
    for (const v of this.viewers) v.close(code, reason);
    this.viewers.clear();
  }

  /** Starts cutting HLS segments (from the next keyframe); answers what is there so far. */
  hlsSegments(): HlsSegment[] {
    this.hls ??= { segments: [], parts: [], duration: 0, sequence: 0 };
    return this.hls.segments;
  }

  private cutHlsSegment(): void {
    const h = this.hls;
    if (!h) return;
    if (h.parts.length > 0 && h.duration > 0) {
      h.segments.push({ sequence: h.sequence++, duration: h.duration, data: Buffer.concat(h.parts) });
      if (h.segments.length > HLS_SEGMENTS) h.segments.shift();
    }
    h.parts = [];
    h.duration = 0;
  }
}
