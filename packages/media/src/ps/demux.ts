// MPEG-2 Program Stream demultiplexer (ISO/IEC 13818-1 2.5): a streaming byte parser that yields ES frames.
import { PTS_WRAP, readTimestamp, Unwrapper } from './timestamps.js';

export { STREAM_TYPE } from './stream-types.js';

export interface EsFrame {
  kind: 'video' | 'audio';
  streamType: number;
  /** 90 kHz, unwrapped past 2^33. */
  pts: number;
  dts: number;
  data: Buffer;
}

const START = Buffer.from([0, 0, 1]);
const NEED_MORE = 0;
const GARBAGE = -1;

interface FrameBuilder {
  kind: 'video' | 'audio';
  streamId: number;
  rawPts: number;
  pts: number;
  dts: number;
  parts: Buffer[];
  bytes: number;
  oversized: boolean;
}

/**
 * Payload bytes are kept as views of the pushed chunks and joined once per frame, so callers must not
 * reuse a chunk's memory after pushing it. State between pushes is bounded: a few header bytes, the
 * frame under construction (≤ maxFrameBytes) and at most one PSM.
 */
export class PsDemuxer {
  private readonly maxFrameBytes: number;
  private readonly types = new Map<number, number>();
  private carry: Buffer | undefined;
  private skipLeft = 0;
  private payloadLeft = 0;
  private target: FrameBuilder | undefined;
  private video: FrameBuilder | undefined;
  private audio: FrameBuilder | undefined;
  private inGarbage = false;
  private errorCount = 0;
  private droppedCount = 0;
  private readonly videoClock = new Unwrapper(PTS_WRAP);
  private readonly audioClock = new Unwrapper(PTS_WRAP);

  constructor(opts: { maxFrameBytes?: number } = {}) {
    this.maxFrameBytes = opts.maxFrameBytes ?? 4 * 1024 * 1024;
  }

  get errors(): number {
    return this.errorCount;
  }

  /** Frames dropped for exceeding maxFrameBytes or for ending before their PES did (also in `errors`). */
  get droppedFrames(): number {
    return this.droppedCount;
  }

  get streamTypes(): ReadonlyMap<number, number> {
    return this.types;
  }

  push(chunk: Buffer): EsFrame[] {
    const out: EsFrame[] = [];
    let b = chunk;
    if (this.carry) {
      b = Buffer.concat([this.carry, chunk]);
      this.carry = undefined;
    }
    let i = 0;
    while (i < b.length) {
      if (this.skipLeft > 0) {
        const n = Math.min(this.skipLeft, b.length - i);
        this.skipLeft -= n;
        i += n;
      } else if (this.payloadLeft > 0) {
        const n = Math.min(this.payloadLeft, b.length - i);
        this.payloadLeft -= n;
        this.appendPayload(b.subarray(i, i + n), out);
        i += n;
      } else {
        const r = this.unit(b, i, out);
        if (r > 0) {
          this.inGarbage = false;
          i += r;
        } else if (r === NEED_MORE) {
          this.carry = b.subarray(i);
          break;
        } else {
          i = this.resync(b, i);
        }
      }
    }
    return out;
  }

  /** Ends the current video frame. A PES still expecting bytes means the frame is incomplete: it is dropped. */
  flush(): EsFrame[] {
    const out: EsFrame[] = [];
    if (this.payloadLeft > 0) {
      if (this.video && this.target === this.video) this.dropFrame(this.video);
      this.resetParser();
    }
    this.finish(this.video, out);
    this.video = undefined;
    // The caller marked a boundary: bytes kept from a garbage run belong to no unit, and garbage after it is a new run.
    if (this.inGarbage) this.carry = undefined;
    this.inGarbage = false;
    return out;
  }

  /** Forgets partial input (after packet loss); the bytes skipped to resynchronise are expected, not errors. */
  reset(): void {
    this.resetParser();
    this.inGarbage = true;
    this.video = undefined;
    this.audio = undefined;
  }

  private resetParser(): void {
    this.carry = undefined;
    this.skipLeft = 0;
    this.payloadLeft = 0;
    this.target = undefined;
  }

  private resync(b: Buffer, i: number): number {
    if (!this.inGarbage) {
      this.errorCount++;
      this.inGarbage = true;
    }
    const next = b.indexOf(START, i + 1);
    if (next >= 0) return next;
    // The last two bytes may begin a start code completed by the next chunk.
    const keep = Math.max(i + 1, b.length - 2);
    if (keep < b.length) this.carry = b.subarray(keep);
    return b.length;
  }

  /** Parses the unit at `i`: answers bytes consumed, NEED_MORE or GARBAGE. */
  private unit(b: Buffer, i: number, out: EsFrame[]): number {
    const left = b.length - i;
    if (left < 4)
      return b[i] === 0 && (left < 2 || b[i + 1] === 0) && (left < 3 || b[i + 2] === 1) ? NEED_MORE : GARBAGE;
    if (b[i] !== 0 || b[i + 1] !== 0 || b[i + 2] !== 1) return GARBAGE;
    const id = b[i + 3]!;
    if (id === 0xba) return packHeaderLength(b, i);
    if (id === 0xb9) return 4;
    if (id < 0xb9) return GARBAGE;
    if (left < 6) return NEED_MORE;
    const len = b.readUInt16BE(i + 4);
    if (id === 0xbc) {
      if (left < 6 + len) return NEED_MORE;
      this.parsePsm(b.subarray(i + 6, i + 6 + len));
      return 6 + len;
    }
    if ((id >= 0xe0 && id <= 0xef) || (id >= 0xc0 && id <= 0xdf)) return this.pes(b, i, id, len, out);
    this.skipLeft = len; // system header, private and padding streams carry nothing we use
    return 6;
  }

  private parsePsm(body: Buffer): void {
    if (body.length < 6) return;
    const infoLength = body.readUInt16BE(2);
    let at = 4 + infoLength;
    if (at + 2 > body.length) return;
    const end = Math.min(body.length, at + 2 + body.readUInt16BE(at));
    at += 2;
    while (at + 4 <= end) {
      this.types.set(body[at + 1]!, body[at]!);
      at += 4 + body.readUInt16BE(at + 2);
    }
  }

  private pes(b: Buffer, i: number, id: number, len: number, out: EsFrame[]): number {
    const h = readPesHeader(b, i, len);
    if (h === NEED_MORE || h === GARBAGE) return h;
    const payload = len - (h.headerBytes - 6);
    if (len === 0 || payload < 0) return GARBAGE; // unbounded or inconsistent PES: scan for the next unit
    const kind = id >= 0xe0 ? 'video' : 'audio';
    this.target = kind === 'video' ? this.startVideo(id, h.pts, h.dts, out) : this.startAudio(id, h.pts, h.dts);
    this.payloadLeft = payload;
    if (payload === 0) this.payloadDone(out);
    return h.headerBytes;
  }

  private startVideo(
    id: number,
    rawPts: number | undefined,
    rawDts: number | undefined,
    out: EsFrame[],
  ): FrameBuilder | undefined {
    const cur = this.video;
    // A new PTS opens a new frame; some cameras repeat the frame's PTS on each of its PES packets.
    if (rawPts === undefined || (cur && cur.streamId === id && cur.rawPts === rawPts)) return cur;
    this.finish(cur, out);
    this.video = this.builder('video', id, rawPts, rawDts, this.videoClock);
    return this.video;
  }

  private startAudio(id: number, rawPts: number | undefined, rawDts: number | undefined): FrameBuilder | undefined {
    const last = this.audio;
    if (rawPts === undefined && !last) return undefined;
    const b =
      rawPts === undefined
        ? { ...last!, parts: [], bytes: 0, oversized: false }
        : this.builder('audio', id, rawPts, rawDts, this.audioClock);
    this.audio = b;
    return b;
  }

  private builder(
    kind: 'video' | 'audio',
    streamId: number,
    rawPts: number,
    rawDts: number | undefined,
    clock: Unwrapper,
  ): FrameBuilder {
    const dts = clock.unwrap(rawDts ?? rawPts);
    const pts = dts + wrapDelta(rawPts - (rawDts ?? rawPts));
    return { kind, streamId, rawPts, pts, dts, parts: [], bytes: 0, oversized: false };
  }

  private appendPayload(slice: Buffer, out: EsFrame[]): void {
    const t = this.target;
    if (t && !t.oversized) {
      if (t.bytes + slice.length > this.maxFrameBytes) {
        this.dropFrame(t);
      } else {
        t.parts.push(slice);
        t.bytes += slice.length;
      }
    }
    if (this.payloadLeft === 0) this.payloadDone(out);
  }

  private payloadDone(out: EsFrame[]): void {
    if (this.target && this.target.kind === 'audio') this.finish(this.target, out);
    this.target = undefined;
  }

  private dropFrame(f: FrameBuilder): void {
    if (f.oversized) return;
    f.oversized = true;
    f.parts = [];
    this.errorCount++;
    this.droppedCount++;
  }

  private finish(f: FrameBuilder | undefined, out: EsFrame[]): void {
    if (!f || f.oversized || f.bytes === 0) return;
    const data = f.parts.length === 1 ? f.parts[0]! : Buffer.concat(f.parts, f.bytes);
    f.parts = [];
    f.bytes = 0;
    const streamType = this.types.get(f.streamId) ?? 0;
    out.push({ kind: f.kind, streamType, pts: f.pts, dts: f.dts, data });
  }
}

function wrapDelta(d: number): number {
  if (d >= PTS_WRAP / 2) return d - PTS_WRAP;
  if (d < -PTS_WRAP / 2) return d + PTS_WRAP;
  return d;
}

/** MPEG-2 packs are 14 bytes plus stuffing, MPEG-1 packs 12. */
function packHeaderLength(b: Buffer, i: number): number {
  const left = b.length - i;
  if (left < 5) return NEED_MORE;
  const m = b[i + 4]!;
  let size: number;
  if ((m & 0xc0) === 0x40) {
    if (left < 14) return NEED_MORE;
    size = 14 + (b[i + 13]! & 0x07);
  } else if ((m & 0xf0) === 0x20) {
    size = 12;
  } else {
    return GARBAGE;
  }
  return left < size ? NEED_MORE : size;
}

interface PesHeader {
  headerBytes: number;
  pts?: number;
  dts?: number;
}

function readPesHeader(b: Buffer, i: number, len: number): PesHeader | typeof NEED_MORE | typeof GARBAGE {
  const left = b.length - i;
  if (left < 7) return NEED_MORE;
  if ((b[i + 6]! & 0xc0) === 0x80) {
    if (left < 9) return NEED_MORE;
    const headerBytes = 9 + b[i + 8]!;
    if (left < headerBytes) return NEED_MORE;
    if (headerBytes - 6 > len && len !== 0) return GARBAGE;
    const flags = b[i + 7]! >> 6;
    if (flags === 2 && headerBytes >= 14) return { headerBytes, pts: readTimestamp(b, i + 9) };
    if (flags === 3 && headerBytes >= 19) {
      return { headerBytes, pts: readTimestamp(b, i + 9), dts: readTimestamp(b, i + 14) };
    }
    return flags === 1 ? GARBAGE : { headerBytes };
  }
  return readMpeg1PesHeader(b, i);
}

/** MPEG-1 PES (ISO/IEC 11172-1 2.4.3.6): stuffing, optional STD buffer, then the timestamps. */
function readMpeg1PesHeader(b: Buffer, i: number): PesHeader | typeof NEED_MORE | typeof GARBAGE {
  let at = i + 6;
  for (let k = 0; k < 16 && at < b.length && b[at] === 0xff; k++) at++;
  if (at >= b.length) return NEED_MORE;
  if ((b[at]! & 0xc0) === 0x40) at += 2;
  if (at >= b.length) return NEED_MORE;
  const m = b[at]! & 0xf0;
  if (m === 0x20) return at + 5 > b.length ? NEED_MORE : { headerBytes: at + 5 - i, pts: readTimestamp(b, at) };
  if (m === 0x30) {
    if (at + 10 > b.length) return NEED_MORE;
    return { headerBytes: at + 10 - i, pts: readTimestamp(b, at), dts: readTimestamp(b, at + 5) };
  }
  return b[at] === 0x0f ? { headerBytes: at + 1 - i } : GARBAGE;
}
