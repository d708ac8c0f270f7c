// What every simulated device shares inside one process: options, clock, transactions, sockets, streams, counters, events.
import type { ClientTransactions, ServerTransactions, SipRequest, StreamMode } from '@svc/gb28181';
import type { LatencyHistogram } from './latency.js';
import type { SipLink } from './link.js';
import type { Streamer } from './media/streamer.js';
import type { ResolvedOptions } from './options.js';
import type { Scheduler } from './scheduler.js';
import type { SharedUdp } from './udp.js';

export interface Counters {
  keepalivesSent: number;
  registerFailures: number;
  rtpPackets: number;
  bytesSent: number;
}

export interface RegisteredEvent {
  deviceId: string;
  expires: number;
  /** The platform's Date header, when it sent one (GB28181 time sync). */
  serverDate?: Date;
}

export interface InviteEvent {
  deviceId: string;
  channelId: string;
  callId: string;
  mode: StreamMode;
  ssrc: string;
  /** Where the media goes (UDP and TCP-PASSIVE) or the port the device listens on (TCP-ACTIVE). */
  host: string;
  port: number;
}

export interface ByeEvent {
  deviceId: string;
  channelId: string;
  callId: string;
  reason: 'platform' | 'media-closed' | 'no-ack' | 'stopped' | 'reboot';
}

/** A frame's last RTP packet was handed to the socket (benchmarks measure relay latency from here). */
export interface FrameEvent {
  ssrc: number;
  /** 90 kHz PTS of the frame, as carried in its PS header. */
  pts: number;
  keyframe: boolean;
  /** performance.now() right after the send. */
  at: number;
}

export interface SimEvents {
  registered: (e: RegisteredEvent) => void;
  invite: (e: InviteEvent) => void;
  bye: (e: ByeEvent) => void;
  frame: (e: FrameEvent) => void;
}

export type Emit = <K extends keyof SimEvents>(event: K, payload: Parameters<SimEvents[K]>[0]) => void;

export interface SimContext {
  readonly opts: ResolvedOptions;
  readonly scheduler: Scheduler;
  readonly clients: ClientTransactions<SipLink>;
  readonly servers: ServerTransactions;
  readonly streamer: Streamer;
  readonly counters: Counters;
  readonly keepaliveLatency: LatencyHistogram;
  /** Present when SIP runs over UDP. */
  readonly udp: SharedUdp | undefined;
  readonly emit: Emit;
  /** Devices and channels by ID, so one socket can route requests by their Request-URI user. */
  readonly routes: Map<string, RequestTarget>;
}

export interface RequestTarget {
  handleRequest(req: SipRequest, reply: (buf: Buffer) => void): void;
}
