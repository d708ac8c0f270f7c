// Test support: the platform's receive side — RTP packets (from UDP or RFC 4571) → PS demux → video frames.
import { isKeyframeNal, parseRtp, PsDemuxer, splitAnnexB, type EsFrame, type VideoCodec } from '@svc/media';

export interface ReceivedFrame {
  frame: EsFrame;
  keyframe: boolean;
  /** RTP timestamp of the packet carrying the marker that ended this frame. */
  timestamp: number;
  at: number;
}

export class RtpCollector {
  readonly frames: ReceivedFrame[] = [];
  readonly ssrcs = new Set<number>();
  packets = 0;
  bytes = 0;
  badPackets = 0;
  private readonly demux = new PsDemuxer();

  constructor(private readonly codec: VideoCodec) {}

  get demuxErrors(): number {
    return this.demux.errors;
  }

  get streamTypes(): ReadonlyMap<number, number> {
    return this.demux.streamTypes;
  }

  push(packet: Buffer): void {
    const parsed = parseRtp(packet);
    if (!parsed.ok) {
      this.badPackets++;
      return;
    }
    const p = parsed.value;
    this.packets++;
    this.bytes += packet.length;
    this.ssrcs.add(p.ssrc);
    const out = this.demux.push(p.payload);
    if (p.marker) out.push(...this.demux.flush());
    for (const frame of out) {
      if (frame.kind !== 'video') continue;
      const keyframe = splitAnnexB(frame.data).some((n) => isKeyframeNal(this.codec, n));
      this.frames.push({ frame, keyframe, timestamp: p.timestamp, at: Date.now() });
    }
  }
}
