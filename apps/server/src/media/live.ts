// Live sessions: one per device channel and stream, shared by every viewer. Starting one sends the
// INVITE and waits for the first keyframe; the last viewer leaving for 30 s ends it with a BYE.
import { makeSsrc, type StreamMode } from '@svc/gb28181';
import { PsToFmp4 } from '@svc/media';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { StreamHub } from './hub.js';
import { StreamRefused, StreamTimeout, type Signalling, type StreamDevice, type StreamHandle } from './signalling.js';
import { WS_MAX_HEADER } from './ws-frame.js';
import type { RtpIngest, RtpSink } from './rtp-ingest.js';

export type LiveStream = 'main' | 'sub';

/** Why a session could not start or ended, as SPEC §8 cloud codes. */
export class LiveError extends Error {
  constructor(
    readonly code: 4101 | 4104 | 4105,
    message: string,
  ) {
    super(message);
  }
}

export interface PlayRequest {
  enterpriseId: number;
  deviceId: number;
  gbCode: string;
  channelIndex: number;
  channelCode: string;
  stream: LiveStream;
  mode: StreamMode;
}

export interface LiveOptions {
  signalling: Signalling;
  ingest: RtpIngest;
  mediaPort: () => number;
  log: Logger;
  /** No stream (first keyframe) within this long answers 4104. */
  firstFrameMs?: number;
  /** A session nobody watches ends after this long. */
  idleMs?: number;
  now?: () => number;
}

export const streamKeyOf = (r: { enterpriseId: number; deviceId: number; channelIndex: number; stream: LiveStream }) =>
  `${r.enterpriseId}-${r.deviceId}-${r.channelIndex}-${r.stream}`;

export class LiveSession {
  readonly hub = new StreamHub();
  /** The device's stream once it agreed to send. */
  stream: StreamHandle | undefined;
  closed = false;
  /** Last time someone watched (a viewer connected or left, or HLS was read). */
  lastWatched: number;
  lastPacketAt: number;
  ready!: Promise<void>;
  readonly remux: PsToFmp4;
  sink!: RtpSink;
  /** RTP packets of this stream so far, and the ingest's unclaimed count at the start: why no keyframe came. */
  packets = 0;
  unknownAtStart = 0;
  /** How it ended (set by the first end). */
  ended: { code: number; reason: string } | undefined;

  constructor(
    readonly key: string,
    readonly request: PlayRequest,
    readonly ssrc: number,
    now: number,
  ) {
    this.lastWatched = now;
    this.lastPacketAt = now;
    // Fragments come with room for their WebSocket header: framed for the viewers without a copy.
    this.remux = new PsToFmp4(
      {
        onInit: (init, track) => this.hub.setInit(init, track),
        onFragment: (fragment, info) => this.hub.push(fragment, info.keyframe, info.duration, info.headroom),
      },
      { headroom: WS_MAX_HEADER },
    );
  }
}

const ssrcText = (ssrc: number) => String(ssrc).padStart(10, '0');
const peerText = (device: StreamDevice) => `${device.peer.transport} ${device.peer.address}:${device.peer.port}`;

/** A stream that delivered nothing for this long has failed. */
const STALL_MS = 10_000;

export class LiveStreams {
  private readonly sessions = new Map<string, LiveSession>();
  private readonly usedSsrc = new Set<number>();
  private ssrcSeq = 0;
  private readonly timer: NodeJS.Timeout;
  private readonly now: () => number;

  constructor(private readonly o: LiveOptions) {
    this.now = o.now ?? Date.now;
    this.timer = setInterval(() => this.reap(), 1000);
    this.timer.unref();
    o.signalling.onStreamEnded((stream) => {
      for (const s of this.sessions.values())
        if (s.stream === stream) this.endLater(s, 4105, 'device ended the stream');
    });
    o.signalling.onDeviceOffline((gbCode) => {
      for (const s of this.sessions.values()) {
        if (s.request.gbCode === gbCode) this.endLater(s, 4101, 'device offline', false);
      }
    });
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Someone watched (a viewer left, an HLS read): the idle time counts from now. */
  touch(s: LiveSession): void {
    s.lastWatched = this.now();
  }

  find(key: string): LiveSession | undefined {
    const s = this.sessions.get(key);
    return s && !s.closed ? s : undefined;
  }

  /** Joins the running session or starts one; resolves when its first keyframe is in hand. */
  async play(r: PlayRequest): Promise<LiveSession> {
    const key = streamKeyOf(r);
    let session = this.find(key);
    if (!session) {
      try {
        session = this.start(key, r);
      } catch (err) {
        if (err instanceof LiveError) this.failed(r, err.code, err.message);
        throw err;
      }
      this.sessions.set(key, session);
    }
    session.lastWatched = this.now();
    await session.ready;
    return session;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([...this.sessions.values()].map((s) => this.end(s, 4105, 'server shutting down')));
  }

  /**
   * Logs why a live view could not start: the API answers only the SPEC code, and the cause (an
   * unreachable media address, a device refusing) is the operator's to see.
   */
  failed(
    r: { gbCode: string | null; channelCode: string; stream: LiveStream },
    code: number,
    why: string,
    more: object = {},
  ): void {
    this.o.log.warn(
      { gbCode: r.gbCode, channelCode: r.channelCode, stream: r.stream, code, ...more },
      `live view of channel ${r.channelCode} on device ${r.gbCode ?? '-'} failed (${code}): ${why}`,
    );
  }

  private start(key: string, r: PlayRequest): LiveSession {
    const device = this.o.signalling.device(r.gbCode);
    if (!device) throw new LiveError(4101, 'device offline: it is not registered');
    const session = new LiveSession(key, r, this.allocateSsrc(), this.now());
    session.unknownAtStart = this.o.ingest.stats.unknown;
    session.sink = {
      address: device.peer.address,
      onPacket: (p) => {
        session.lastPacketAt = this.now();
        session.packets++;
        session.remux.pushRtp(p);
      },
      onClose: () => this.endLater(session, 4105, 'media connection closed'),
    };
    this.o.ingest.expect(session.ssrc, session.sink);
    session.ready = this.begin(session, device).catch(async (err: unknown) => {
      if (err instanceof LiveError) {
        this.failed(r, err.code, err.message, { ssrc: ssrcText(session.ssrc), mode: r.mode, peer: peerText(device) });
      }
      await this.end(session, 4105, 'start failed');
      throw err;
    });
    return session;
  }

  private async begin(s: LiveSession, device: StreamDevice): Promise<void> {
    const r = s.request;
    const firstFrameMs = this.o.firstFrameMs ?? 10_000;
    const deadline = this.now() + firstFrameMs;
    const ssrc = ssrcText(s.ssrc);
    const mediaPort = this.o.mediaPort();
    let media = `the SDP told the device to send it to ${this.o.signalling.mediaIp}:${mediaPort} over ${r.mode === 'UDP' ? 'UDP' : 'TCP'}`;
    try {
      s.stream = await this.o.signalling.startStream(device, {
        channelCode: r.channelCode,
        ssrc,
        mode: r.mode,
        mediaPort,
        timeoutMs: firstFrameMs,
        ...(r.stream === 'sub' ? { streamNumber: 1 } : {}),
      });
    } catch (err) {
      if (err instanceof StreamTimeout) {
        throw new LiveError(
          4104,
          `device did not answer the INVITE within ${firstFrameMs / 1000} s (sent to ${peerText(device)})`,
        );
      }
      if (err instanceof StreamRefused) throw new LiveError(4105, `${err.message} to the INVITE`);
      throw err;
    }
    if (s.closed) {
      // The stream came up after the session ended: hang it up, unless the device is gone.
      if (s.ended?.code !== 4101) await this.o.signalling.stopStream(s.stream);
      throw new LiveError(s.ended?.code === 4101 ? 4101 : 4105, `session ended while starting: ${s.ended?.reason}`);
    }
    if (r.mode === 'TCP-ACTIVE') {
      const port = s.stream.deviceMedia.port;
      const host = s.stream.deviceMedia.host ?? device.peer.address;
      if (!port) throw new LiveError(4105, 'device answered the INVITE without a media port');
      media = `the platform connected to the device's media port ${host}:${port}`;
      await this.o.ingest.connect(host, port, s.ssrc).catch((err: unknown) => {
        const code = (err as NodeJS.ErrnoException).code ?? String(err);
        throw new LiveError(4105, `could not connect to the device's media port ${host}:${port} (${code})`);
      });
    }
    await this.firstKeyframe(s, Math.max(0, deadline - this.now()), () => this.mediaReport(s, media), firstFrameMs);
  }

  private firstKeyframe(s: LiveSession, waitMs: number, report: () => string, firstFrameMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (s.hub.init) return resolve();
      const started = this.now();
      const poll = setInterval(() => {
        if (s.hub.init) {
          clearInterval(poll);
          resolve();
        } else if (s.closed) {
          clearInterval(poll);
          reject(
            new LiveError(
              s.ended?.code === 4101 ? 4101 : 4105,
              `stream ended before its first keyframe (${s.ended?.reason}): ${report()}`,
            ),
          );
        } else if (this.now() - started >= waitMs) {
          clearInterval(poll);
          reject(new LiveError(4104, `no stream within ${firstFrameMs / 1000} s: ${report()}`));
        }
      }, 10);
    });
  }

  /** What arrived of a stream that did not start: its own RTP, someone else's, or nothing. */
  private mediaReport(s: LiveSession, media: string): string {
    const ssrc = ssrcText(s.ssrc);
    if (s.packets > 0) {
      return `${s.packets} RTP packets of SSRC ${ssrc} arrived without a keyframe the server could read (${media})`;
    }
    const stray = this.o.ingest.stats.unknown > s.unknownAtStart ? this.o.ingest.lastUnknown : undefined;
    return `no RTP of SSRC ${ssrc} arrived; ${media}; ${
      stray
        ? `RTP no stream expected did arrive meanwhile, latest SSRC ${ssrcText(stray.ssrc)} from ${stray.address}`
        : 'no other RTP arrived either'
    }`;
  }

  private allocateSsrc(): number {
    const platformId = this.o.signalling.platformId;
    for (let i = 0; i < 10_000; i++) {
      this.ssrcSeq = (this.ssrcSeq + 1) % 10_000;
      const ssrc = Number(makeSsrc('live', platformId, this.ssrcSeq));
      if (!this.usedSsrc.has(ssrc)) {
        this.usedSsrc.add(ssrc);
        return ssrc;
      }
    }
    throw new LiveError(4105, 'no free SSRC');
  }

  /** Ends a session: viewers are told why, the device gets a BYE unless it is gone. */
  private async end(s: LiveSession, code: number, reason: string, bye = true): Promise<void> {
    if (s.closed && !this.sessions.has(s.key)) return;
    s.closed = true;
    s.ended ??= { code, reason };
    if (this.sessions.get(s.key) === s) this.sessions.delete(s.key);
    this.usedSsrc.delete(s.ssrc);
    if (s.sink) this.o.ingest.release(s.sink);
    s.hub.closeAll(code, reason);
    if (bye && s.stream) await this.o.signalling.stopStream(s.stream);
    this.o.log.debug({ key: s.key, reason }, 'live session ended');
  }

  /** end() from a callback or timer: its failure is logged, never left unhandled. */
  private endLater(s: LiveSession, code: number, reason: string, bye = true): void {
    this.end(s, code, reason, bye).catch((err: unknown) =>
      this.o.log.error({ err, key: s.key }, 'ending a live session'),
    );
  }

  /** Ends sessions nobody has watched for idleMs and those whose media stalled. */
  private reap(): void {
    const now = this.now();
    const idleMs = this.o.idleMs ?? 30_000;
    for (const s of this.sessions.values()) {
      if (!s.hub.init) continue; // still starting: its own deadline applies
      if (s.hub.viewers.size > 0) s.lastWatched = now;
      else if (now - s.lastWatched >= idleMs) this.endLater(s, 4105, 'nobody watching');
      if (now - s.lastPacketAt >= STALL_MS) this.endLater(s, 4105, 'media stalled');
    }
  }
}
