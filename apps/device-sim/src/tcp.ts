// One device's SIP-over-TCP connection: framing with SipStreamParser, reconnects at least 1 s apart with backoff.
import net from 'node:net';
import { SipStreamParser, type SipMessage } from '@svc/gb28181';
import type { Scheduler, TimerHandle } from './scheduler.js';
import type { SipLink } from './link.js';
import type { Reply } from './udp.js';

export interface TcpLinkEvents {
  onConnect(): void;
  onClose(): void;
  /** A connection attempt failed before it was established. */
  onConnectFailed(): void;
  onMessage(msg: SipMessage, reply: Reply): void;
}

const MIN_RECONNECT_MS = 1000;

export class TcpSipLink implements SipLink {
  readonly reliable = true;
  private socket: net.Socket | undefined;
  private connected = false;
  private closed = false;
  private reconnectTimer: TimerHandle | undefined;
  private backoffMs = MIN_RECONNECT_MS;
  private lastAttempt = -Infinity;

  constructor(
    private readonly server: { host: string; port: number },
    private readonly bindHost: string,
    private readonly maxBackoffMs: number,
    private readonly scheduler: Scheduler,
    private readonly events: TcpLinkEvents,
    private readonly log: (line: string) => void,
  ) {}

  get isConnected(): boolean {
    return this.connected;
  }

  get local(): { host: string; port: number } {
    return { host: this.socket?.localAddress ?? this.bindHost, port: this.socket?.localPort ?? 0 };
  }

  connect(): void {
    if (this.closed || this.socket !== undefined) return;
    this.lastAttempt = performance.now();
    const parser = new SipStreamParser();
    const socket = net.connect({ host: this.server.host, port: this.server.port, localAddress: this.bindHost });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.connected = true;
      this.backoffMs = MIN_RECONNECT_MS;
      this.events.onConnect();
    });
    socket.on('data', (chunk) => this.receive(parser, socket, chunk));
    socket.on('error', (err) => this.log(`sip tcp ${this.server.host}:${this.server.port}: ${err.message}`));
    socket.on('close', () => this.onSocketClose(socket));
  }

  write(buf: Buffer): boolean {
    if (!this.connected || this.socket === undefined) return false;
    this.socket.write(buf);
    return true;
  }

  close(): void {
    this.closed = true;
    this.reconnectTimer?.cancel();
    this.socket?.destroy();
    this.socket = undefined;
    this.connected = false;
  }

  private receive(parser: SipStreamParser, socket: net.Socket, chunk: Buffer): void {
    for (const r of parser.push(chunk)) {
      if (!r.ok) {
        this.log(`sip tcp framing error, closing: ${r.error}`);
        socket.destroy();
        return;
      }
      this.events.onMessage(r.value, (reply) => {
        if (!socket.destroyed) socket.write(reply);
      });
    }
  }

  private onSocketClose(socket: net.Socket): void {
    if (this.socket !== socket) return;
    const wasConnected = this.connected;
    this.socket = undefined;
    this.connected = false;
    if (this.closed) return;
    if (wasConnected) this.events.onClose();
    else this.events.onConnectFailed();
    // Attempts stay at least 1 s apart; repeated failures back off up to the retry interval.
    const sinceLast = performance.now() - this.lastAttempt;
    const delay = Math.max(this.backoffMs - sinceLast, MIN_RECONNECT_MS - sinceLast, 0);
    this.backoffMs = Math.min(this.backoffMs * 2, Math.max(this.maxBackoffMs, MIN_RECONNECT_MS));
    this.reconnectTimer = this.scheduler.after(delay, () => this.connect());
  }
}
