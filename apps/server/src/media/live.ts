// Live sessions: one per device channel and stream, shared by every viewer. Starting one sends the
// INVITE and waits for the first keyframe; the last viewer leaving for 30 s ends it with a BYE.
import { makeSsrc, type StreamMode } from '@svc/gb28181';
import { PsToFmp4 } from '@svc/media';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Gb28181Gateway } from '../gateway/gb28181/gateway.js';
import type { Dialog } from '../gateway/gb28181/invite.js';
import { InviteError } from '../gateway/gb28181/invite.js';
import { SipTimeoutError } from '../gateway/gb28181/transactions.js';
import { StreamHub } from './hub.js';
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
  gateway: Gb28181Gateway;
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
  dialog: Dialog | undefined;
  closed = false;
  /** Last time someone watched (a viewer connected or left, or HLS was read). */
  lastWatched: number;
  lastPacketAt: number;
  ready!: Promise<void>;
  readonly remux: PsToFmp4;
  sink!: RtpSink;

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
    o.gateway.invites.onDeviceBye = (dialog) => {
      for (const s of this.sessions.values())
        if (s.dialog === dialog) this.endLater(s, 4105, 'device ended the stream');
    };
    o.gateway.onOffline((reg) => {
      for (const s of this.sessions.values()) {
        if (s.request.gbCode === reg.gbCode) this.endLater(s, 4101, 'device offline', false);
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
      session = this.start(key, r);
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

  private start(key: string, r: PlayRequest): LiveSession {
    const reg = this.o.gateway.registration(r.gbCode);
    const session = new LiveSession(key, r, this.allocateSsrc(), this.now());
    if (!reg) {
      session.ready = Promise.reject(new LiveError(4101, 'device offline'));
      session.closed = true;
      return session;
    }
    session.sink = {
      address: reg.peer.address,
      onPacket: (p) => {
        session.lastPacketAt = this.now();
        session.remux.pushRtp(p);
      },
      onClose: () => this.endLater(session, 4105, 'media connection closed'),
    };
    this.o.ingest.expect(session.ssrc, session.sink);
    session.ready = this.begin(session).catch(async (err: unknown) => {
      await this.end(session, 4105, 'start failed');
      throw err;
    });
    return session;
  }

  private async begin(s: LiveSession): Promise<void> {
    const r = s.request;
    const reg = this.o.gateway.registration(r.gbCode);
    if (!reg) throw new LiveError(4101, 'device offline');
    const firstFrameMs = this.o.firstFrameMs ?? 10_000;
    const deadline = this.now() + firstFrameMs;
    const ssrc = String(s.ssrc).padStart(10, '0');
    try {
      s.dialog = await this.o.gateway.invites.invite(reg, {
        channelCode: r.channelCode,
        ssrc,
        mode: r.mode,
        mediaPort: this.o.mediaPort(),
        timeoutMs: firstFrameMs,
        ...(r.stream === 'sub' ? { streamNumber: 1 } : {}),
      });
    } catch (err) {
      if (err instanceof SipTimeoutError) throw new LiveError(4104, 'device did not answer the INVITE');
      if (err instanceof InviteError) throw new LiveError(4105, err.message);
      throw err;
    }
    if (s.closed) throw new LiveError(4105, 'session ended while starting');
    if (r.mode === 'TCP-ACTIVE') {
      const port = s.dialog.answer.media?.port;
      const host = s.dialog.answer.connection ?? reg.peer.address;
      if (!port) throw new LiveError(4105, 'device answered no media port');
      await this.o.ingest.connect(host, port, s.ssrc).catch(() => {
        throw new LiveError(4105, 'could not reach the device media port');
      });
    }
    await this.firstKeyframe(s, Math.max(0, deadline - this.now()));
  }

  private firstKeyframe(s: LiveSession, waitMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (s.hub.init) return resolve();
      const started = this.now();
      const poll = setInterval(() => {
        if (s.hub.init) {
          clearInterval(poll);
          resolve();
        } else if (s.closed) {
          clearInterval(poll);
          reject(new LiveError(4105, 'stream ended'));
        } else if (this.now() - started >= waitMs) {
          clearInterval(poll);
          reject(new LiveError(4104, 'no stream in time'));
        }
      }, 10);
    });
  }

  private allocateSsrc(): number {
    const platformId = this.o.gateway.settings.id;
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
    if (this.sessions.get(s.key) === s) this.sessions.delete(s.key);
    this.usedSsrc.delete(s.ssrc);
    if (s.sink) this.o.ingest.release(s.sink);
    s.hub.closeAll(code, reason);
    if (bye && s.dialog) await this.o.gateway.bye(s.dialog);
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
