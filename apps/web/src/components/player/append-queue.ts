// The MSE append queue: one SourceBuffer operation at a time, in arrival order, with the buffer trimmed behind playback.
import { rangesOf } from './latency';

/** Seconds of played video kept behind currentTime (enough to pause briefly without a gap). */
export const KEEP_BEHIND_S = 10;
/** Trim only once this much has piled up, so removes stay rare next to the per-frame appends. */
export const TRIM_SLACK_S = 5;

type Op = { kind: 'append'; data: BufferSource } | { kind: 'changeType'; mime: string };

/** The part of SourceBuffer the queue uses, so tests can drive it with a fake. */
export interface QueueSourceBuffer {
  readonly updating: boolean;
  readonly buffered: TimeRanges;
  appendBuffer(data: BufferSource): void;
  remove(start: number, end: number): void;
  addEventListener(type: 'updateend', listener: () => void): void;
  removeEventListener(type: 'updateend', listener: () => void): void;
  changeType?(type: string): void;
}

export interface AppendQueueOptions {
  /** The playback position trimming keeps behind. */
  currentTime: () => number;
  /** After each finished operation (the player chases latency and reports "playing" here). */
  onUpdated?: () => void;
  /** A SourceBuffer the queue cannot use any more (closed MediaSource, decode error): the stream must restart. */
  onFatal: (error: unknown) => void;
}

/**
 * Never calls appendBuffer while the SourceBuffer is updating: operations wait for `updateend`. Data pushed
 * before a SourceBuffer is attached (frames racing the `sourceopen` event) waits in order too.
 */
export class AppendQueue {
  private readonly ops: Op[] = [];
  private sb: QueueSourceBuffer | null = null;
  private disposed = false;
  private readonly onUpdateEnd = () => {
    this.options.onUpdated?.();
    this.pump();
  };

  constructor(private readonly options: AppendQueueOptions) {}

  get attached(): boolean {
    return this.sb !== null;
  }

  /** Operations waiting (for tests and back-pressure checks). */
  get pending(): number {
    return this.ops.length;
  }

  attach(sb: QueueSourceBuffer): void {
    this.sb = sb;
    sb.addEventListener('updateend', this.onUpdateEnd);
    this.pump();
  }

  push(data: BufferSource): void {
    if (this.disposed) return;
    this.ops.push({ kind: 'append', data });
    this.pump();
  }

  /** A new init with another codec string mid-stream: switched in order, between the segments it separates. */
  changeType(mime: string): void {
    if (this.disposed) return;
    this.ops.push({ kind: 'changeType', mime });
    this.pump();
  }

  dispose(): void {
    this.disposed = true;
    this.ops.length = 0;
    this.sb?.removeEventListener('updateend', this.onUpdateEnd);
    this.sb = null;
  }

  private pump(): void {
    const sb = this.sb;
    if (this.disposed || !sb || sb.updating) return;
    if (this.trim(sb)) return;
    const op = this.ops.shift();
    if (!op) return;
    try {
      if (op.kind === 'append') {
        sb.appendBuffer(op.data);
      } else {
        sb.changeType?.(op.mime);
        // changeType is synchronous and fires no updateend: carry on with the next operation.
        this.pump();
      }
    } catch (error) {
      if (op.kind === 'append' && isQuotaExceeded(error) && this.trim(sb, 0)) {
        // A full buffer: remove everything already played, then try this segment again.
        this.ops.unshift(op);
        return;
      }
      this.options.onFatal(error);
    }
  }

  /** Starts a remove() of what lies far enough behind playback; answers whether one is running. */
  private trim(sb: QueueSourceBuffer, keep = KEEP_BEHIND_S): boolean {
    const first = rangesOf(sb.buffered)[0];
    if (!first) return false;
    const cut = this.options.currentTime() - keep;
    const slack = keep === 0 ? 0.5 : TRIM_SLACK_S;
    if (cut - first[0] < slack) return false;
    try {
      sb.remove(first[0], cut);
      return true;
    } catch (error) {
      this.options.onFatal(error);
      return true;
    }
  }
}

function isQuotaExceeded(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError';
}
