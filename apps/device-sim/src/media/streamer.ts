// One shared 40 ms ticker that paces every active stream: access unit → PS pack → RTP packets → sink.
import { muxPsFrame, packetizePs } from '@svc/media';
import type { MediaSink } from './sinks.js';
import type { Sample } from './sample.js';

export const FRAME_MS = 40;
export const TICKS_PER_FRAME = 3600;
const TS_MODULO = 2 ** 32;
const PTS_MODULO = 2 ** 33;
/** At most this many late frames go out in one tick; further behind, the clock is re-based instead. */
const MAX_CATCH_UP = 3;
const MAX_LAG_FRAMES = 25;

export interface MediaCounters {
  rtpPackets: number;
  bytesSent: number;
}

export interface StreamInit {
  sample: Sample;
  sink: MediaSink;
  ssrc: number;
  /** First RTP timestamp; random when absent. */
  timestamp?: number;
  onError(err: unknown): void;
}

export class Stream {
  readonly sample: Sample;
  readonly sink: MediaSink;
  readonly ssrc: number;
  readonly onError: (err: unknown) => void;
  sequence = Math.floor(Math.random() * 0x10000);
  timestamp: number;
  pts: number;
  position = 0;
  framesDone = 0;
  framesSkipped = 0;
  startedAt = 0;
  waitKeyframe = false;

  constructor(init: StreamInit) {
    this.sample = init.sample;
    this.sink = init.sink;
    this.ssrc = init.ssrc;
    this.onError = init.onError;
    this.timestamp = (init.timestamp ?? Math.floor(Math.random() * TS_MODULO)) % TS_MODULO;
    this.pts = this.timestamp;
  }
}

/** Told when a frame's packets are out; absent (the default) costs nothing per frame. */
export type FrameHook = (ssrc: number, pts: number, keyframe: boolean, at: number) => void;

export class Streamer {
  private readonly streams = new Set<Stream>();
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly counters: MediaCounters,
    private readonly onFrame?: () => FrameHook | undefined,
  ) {}

  get size(): number {
    return this.streams.size;
  }

  add(init: StreamInit): Stream {
    const stream = new Stream(init);
    stream.startedAt = performance.now();
    this.streams.add(stream);
    this.sendFrame(stream);
    this.ticker ??= setInterval(() => this.tick(performance.now()), FRAME_MS);
    return stream;
  }

  remove(stream: Stream): void {
    this.streams.delete(stream);
    if (this.streams.size === 0) this.stopTicker();
  }

  stop(): void {
    for (const s of this.streams) s.sink.close();
    this.streams.clear();
    this.stopTicker();
  }

  tick(now: number): void {
    for (const s of this.streams) {
      let due = Math.floor((now - s.startedAt) / FRAME_MS) + 1 - s.framesDone;
      if (due > MAX_LAG_FRAMES) {
        // The process stalled: resume at real time instead of bursting the backlog.
        s.startedAt = now - (s.framesDone - 1) * FRAME_MS;
        due = 1;
      }
      for (let i = 0; i < Math.min(due, MAX_CATCH_UP) && this.streams.has(s); i++) this.sendFrame(s);
    }
  }

  private stopTicker(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private sendFrame(s: Stream): void {
    const frame = s.sample.frames[s.position];
    if (frame === undefined) throw new Error('sample has no frames');
    try {
      if (s.sink.congested()) s.waitKeyframe = true;
      else if (s.waitKeyframe && frame.keyframe) s.waitKeyframe = false;
      if (s.waitKeyframe) s.framesSkipped++;
      else this.emit(s, frame.data, frame.keyframe);
    } catch (err) {
      this.remove(s);
      s.onError(err);
      return;
    }
    // Time advances whether the frame went out or was skipped, so timestamps stay on the wall clock.
    s.framesDone++;
    s.position = (s.position + 1) % s.sample.frames.length;
    s.timestamp = (s.timestamp + TICKS_PER_FRAME) % TS_MODULO;
    s.pts = (s.pts + TICKS_PER_FRAME) % PTS_MODULO;
  }

  private emit(s: Stream, data: Buffer, keyframe: boolean): void {
    const ps = muxPsFrame({ streamType: s.sample.streamType, pts: s.pts, dts: s.pts, keyframe, data });
    const { packets, nextSequence } = packetizePs(ps, { ssrc: s.ssrc, sequence: s.sequence, timestamp: s.timestamp });
    s.sequence = nextSequence;
    this.counters.bytesSent += s.sink.send(packets);
    this.counters.rtpPackets += packets.length;
    this.onFrame?.()?.(s.ssrc, s.pts, keyframe, performance.now());
  }
}
