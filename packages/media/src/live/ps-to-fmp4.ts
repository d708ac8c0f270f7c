// The whole receive path for one stream: RTP (PS payload) in, one fMP4 fragment per video frame out.
import { isAudNal, isKeyframeNal, isParameterSetNal, nalType, splitAnnexB, type VideoCodec } from '../codec/annexb.js';
import { writeInitSegment } from '../fmp4/init.js';
import { segmentBytes, writeLengthPrefixed, writeMoof } from '../fmp4/segment.js';
import { sameParameterSets, trackFromParameterSets, type VideoTrack } from '../fmp4/track.js';
import { type EsFrame, PsDemuxer } from '../ps/demux.js';
import { STREAM_TYPE } from '../ps/stream-types.js';
import { Unwrapper } from '../ps/timestamps.js';
import type { RtpPacket } from '../rtp/packet.js';
import { RtpReorderer } from '../rtp/reorder.js';

export interface RemuxStats {
  packets: number;
  frames: number;
  lost: number;
  errors: number;
  bytesIn: number;
}

export interface FragmentInfo {
  keyframe: boolean;
  /** 90 kHz since the first frame (the fragment's tfdt). */
  dts: number;
  pts: number;
  duration: number;
  /** Bytes free before the fragment in its buffer (the headroom option): a transport may write its header there. */
  headroom: number;
}

export interface RemuxEvents {
  onInit(init: Buffer, track: VideoTrack): void;
  onFragment(fragment: Buffer, info: FragmentInfo): void;
}

const DEFAULT_DURATION = 3600;

/** A copy in memory of its own (not a slice of Node's shared pool). */
function copyOf(b: Buffer): Buffer {
  const c = Buffer.allocUnsafeSlow(b.length);
  b.copy(c);
  return c;
}
/** A frame interval above 10 s is a discontinuity, not a frame rate: keep the last sane one. */
const MAX_DURATION = 900_000;

function codecOf(frame: EsFrame, nalus: Buffer[]): VideoCodec | undefined {
  if (frame.streamType === STREAM_TYPE.H264) return 'h264';
  if (frame.streamType === STREAM_TYPE.H265) return 'h265';
  if (frame.streamType !== 0) return undefined;
  // No PSM seen yet: a parameter set tells the codec apart (H.265 VPS/SPS headers are 0x40 01 / 0x42 01).
  for (const n of nalus) {
    if ((n[0] === 0x40 || n[0] === 0x42) && n[1] === 0x01) return 'h265';
    if (n.length > 0 && (n[0]! & 0x9f) === 0x07) return 'h264';
  }
  return undefined;
}

export class PsToFmp4 {
  private readonly reorderer: RtpReorderer;
  private readonly demuxer = new PsDemuxer();
  private readonly rtpClock = new Unwrapper(2 ** 32);
  private lastSeq: number | undefined;
  private lastTs: number | undefined;
  private lastRtpTime = 0;
  private track: VideoTrack | undefined;
  /** Latest parameter set of each NAL type: some cameras send them in a pack of their own before the IDR. */
  private readonly paramSets = new Map<number, Buffer>();
  private paramCodec: VideoCodec | undefined;
  private firstDts: number | undefined;
  private prevDts: number | undefined;
  private prevRtpTime = 0;
  private duration = DEFAULT_DURATION;
  private sequenceNumber = 0;
  private counts = { packets: 0, frames: 0, bytesIn: 0 };
  private readonly headroom: number;

  /**
   * `headroom`: bytes left free before each fragment in a buffer of its own, so that a transport can
   * put its header in front without copying the fragment (the server's WebSocket frames).
   */
  constructor(
    private readonly events: RemuxEvents,
    opts: { reorderWindow?: number; headroom?: number } = {},
  ) {
    this.reorderer = new RtpReorderer({ window: opts.reorderWindow ?? 32 });
    this.headroom = opts.headroom ?? 0;
  }

  get stats(): RemuxStats {
    const { packets, frames, bytesIn } = this.counts;
    return { packets, frames, bytesIn, lost: this.reorderer.lost, errors: this.demuxer.errors };
  }

  pushRtp(p: RtpPacket): void {
    this.counts.packets++;
    this.counts.bytesIn += 12 + p.payload.length;
    for (const q of this.reorderer.push(p)) this.inOrder(q);
  }

  /** End of stream: releases packets held for reordering and the frame in progress. */
  flush(): void {
    for (const q of this.reorderer.flush()) this.inOrder(q);
    this.frames(this.demuxer.flush());
  }

  private inOrder(p: RtpPacket): void {
    // After a gap the frame being assembled is missing bytes and the PES length counts are wrong.
    if (this.lastSeq !== undefined && p.sequence !== ((this.lastSeq + 1) & 0xffff)) this.demuxer.reset();
    this.lastSeq = p.sequence;
    if (this.lastTs !== undefined && p.timestamp !== this.lastTs) this.frames(this.demuxer.flush());
    this.lastTs = p.timestamp;
    this.lastRtpTime = this.rtpClock.unwrap(p.timestamp);
    this.frames(this.demuxer.push(p.payload));
    if (p.marker) this.frames(this.demuxer.flush());
  }

  private frames(list: EsFrame[]): void {
    for (const f of list) if (f.kind === 'video') this.video(f);
  }

  private video(frame: EsFrame): void {
    const nalus = splitAnnexB(frame.data);
    const codec = codecOf(frame, nalus);
    if (!codec) return;
    this.rememberParameterSets(codec, nalus);
    const keyframe = nalus.some((n) => isKeyframeNal(codec, n));
    if (keyframe) this.maybeInit(codec);
    if (!this.track || this.track.codec !== codec) return;
    const samples = nalus.filter((n) => !isAudNal(codec, n) && !isParameterSetNal(codec, n));
    if (samples.length === 0) return;
    const dts = this.decodeTime(frame.dts);
    const cts = Math.max(-0x80000000, Math.min(0x7fffffff, frame.pts - frame.dts));
    this.emit(samples, keyframe, dts, cts);
  }

  private rememberParameterSets(codec: VideoCodec, nalus: Buffer[]): void {
    if (this.paramCodec !== codec) this.paramSets.clear();
    this.paramCodec = codec;
    // Copied: a view would keep the whole keyframe it came in alive for as long as the stream lasts.
    for (const n of nalus) if (isParameterSetNal(codec, n)) this.paramSets.set(nalType(codec, n), copyOf(n));
  }

  private maybeInit(codec: VideoCodec): void {
    const track = trackFromParameterSets(codec, [...this.paramSets.values()]);
    if (!track || (this.track && sameParameterSets(this.track, track))) return;
    this.track = track;
    this.events.onInit(writeInitSegment(track), track);
  }

  /** PES DTS since the first frame; when it fails to advance, the RTP clock (or the last interval) steps in. */
  private decodeTime(esDts: number): number {
    if (this.firstDts === undefined || this.prevDts === undefined) {
      this.firstDts = esDts;
      this.prevDts = 0;
      this.prevRtpTime = this.lastRtpTime;
      return 0;
    }
    let dts = esDts - this.firstDts;
    const step = dts - this.prevDts;
    if (step <= 0 || step > MAX_DURATION) {
      const rtpStep = this.lastRtpTime - this.prevRtpTime;
      dts = this.prevDts + (rtpStep > 0 && rtpStep <= MAX_DURATION ? rtpStep : this.duration);
      this.firstDts = esDts - dts;
    }
    this.duration = dts - this.prevDts;
    this.prevDts = dts;
    this.prevRtpTime = this.lastRtpTime;
    return dts;
  }

  private emit(nalus: Buffer[], keyframe: boolean, dts: number, cts: number): void {
    let size = 0;
    for (const n of nalus) size += 4 + n.length;
    const header = { size, duration: this.duration, keyframe, compositionOffset: cts };
    // A buffer of its own, never a slice of Node's shared pool: caches holding a fragment hold only it.
    const out = Buffer.allocUnsafeSlow(this.headroom + segmentBytes([header])).subarray(this.headroom);
    const at = writeMoof(out, ++this.sequenceNumber, dts, [header]);
    writeLengthPrefixed(out, at, nalus);
    this.counts.frames++;
    this.events.onFragment(out, {
      keyframe,
      dts,
      pts: dts + cts,
      duration: this.duration,
      headroom: this.headroom,
    });
  }
}
