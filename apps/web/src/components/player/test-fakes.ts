// Test doubles of the media APIs jsdom lacks: TimeRanges, SourceBuffer, MediaSource, WebSocket and a <video>.

export function timeRanges(ranges: [number, number][]): TimeRanges {
  return {
    length: ranges.length,
    start: (i: number) => ranges[i]![0],
    end: (i: number) => ranges[i]![1],
  };
}

type Listener = () => void;

class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();
  addEventListener(type: string, listener: Listener): void {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string): void {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener();
  }
  listenerCount(type: string): number {
    return this.listeners.get(type)?.size ?? 0;
  }
}

/** A SourceBuffer that stays `updating` until the test calls finish(), and throws if appended to meanwhile. */
export class FakeSourceBuffer extends Emitter {
  updating = false;
  mode: AppendMode = 'segments';
  ranges: [number, number][] = [];
  readonly log: string[] = [];
  failNextAppendWith: Error | null = null;
  constructor(readonly mime = '') {
    super();
  }
  get buffered(): TimeRanges {
    return timeRanges(this.ranges);
  }
  appendBuffer(data: BufferSource): void {
    if (this.updating) throw new DOMException('append while updating', 'InvalidStateError');
    if (this.failNextAppendWith) {
      const error = this.failNextAppendWith;
      this.failNextAppendWith = null;
      throw error;
    }
    this.updating = true;
    this.log.push(`append:${new Uint8Array(data as ArrayBuffer)[0]}`);
  }
  remove(start: number, end: number): void {
    if (this.updating) throw new DOMException('remove while updating', 'InvalidStateError');
    this.updating = true;
    this.log.push(`remove:${start}-${end}`);
  }
  changeType(type: string): void {
    if (this.updating) throw new DOMException('changeType while updating', 'InvalidStateError');
    this.log.push(`changeType:${type}`);
  }
  /** Completes the running operation like the browser: updating false, then `updateend`. */
  finish(): void {
    if (!this.updating) throw new Error('nothing to finish');
    this.updating = false;
    this.emit('updateend');
  }
}

/** A MediaSource class whose support answer and instances the test controls. */
export function fakeMediaSourceClass(supported: (mime: string) => boolean = () => true) {
  const instances: FakeMediaSource[] = [];
  class FakeMediaSource extends Emitter {
    readyState: ReadyState = 'closed';
    readonly sourceBuffers: FakeSourceBuffer[] = [];
    static isTypeSupported(mime: string): boolean {
      return supported(mime);
    }
    constructor() {
      super();
      instances.push(this);
    }
    open(): void {
      this.readyState = 'open';
      this.emit('sourceopen');
    }
    addSourceBuffer(mime: string): FakeSourceBuffer {
      const sb = new FakeSourceBuffer(mime);
      this.sourceBuffers.push(sb);
      return sb;
    }
  }
  return { MediaSourceClass: FakeMediaSource, instances };
}

export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  binaryType: BinaryType = 'blob';
  readyState = 0;
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  close(code?: number): void {
    this.readyState = 3;
    this.closedWith = code ?? 1005;
  }
  text(value: unknown): void {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(value) } as MessageEvent<unknown>);
  }
  binary(firstByte: number): void {
    this.onmessage?.({ data: new Uint8Array([firstByte, 0, 0]).buffer } as MessageEvent<unknown>);
  }
  /** The server closes the connection. */
  serverClose(code: number): void {
    this.readyState = 3;
    this.onclose?.({ code } as CloseEvent);
  }
}

export class FakeVideo {
  currentTime = 0;
  paused = true;
  playbackRate = 1;
  src = '';
  ranges: [number, number][] = [];
  plays = 0;
  get buffered(): TimeRanges {
    return timeRanges(this.ranges);
  }
  play(): Promise<void> {
    this.plays += 1;
    this.paused = false;
    return Promise.resolve();
  }
  load(): void {}
  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }
}
