// SIP over UDP and TCP on one port: framing, who sent what (the peer), and sending back.
import dgram from 'node:dgram';
import net from 'node:net';
import { parseSipMessage, serializeSip, SipStreamParser, type ServerTransactions, type SipMessage } from '@svc/gb28181';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { bindDualPort } from '../../ops/dual-port.js';

export type Peer =
  | { transport: 'UDP'; address: string; port: number }
  | { transport: 'TCP'; address: string; port: number; socket: net.Socket };

export interface TransportStats {
  received: number;
  malformed: number;
  sent: number;
  tcpConnections: number;
}

/** A TCP connection that never registers is closed after this long without a message. */
const TCP_IDLE_MS = 200_000;
/** A TCP peer that stops reading is dropped rather than buffered for without bound. */
const TCP_MAX_PENDING_WRITE = 1024 * 1024;

export class SipTransport {
  readonly stats: TransportStats = { received: 0, malformed: 0, sent: 0, tcpConnections: 0 };
  private udp: dgram.Socket | undefined;
  private tcp: net.Server | undefined;
  private closed = false;
  private readonly sockets = new Set<net.Socket>();
  onMessage: (msg: SipMessage, peer: Peer) => void = () => undefined;
  onTcpClose: (socket: net.Socket) => void = () => undefined;

  constructor(
    private readonly log: Logger,
    /** UDP requests' retransmissions (TCP is reliable: devices do not retransmit over it). */
    readonly serverTransactions: ServerTransactions,
  ) {}

  /** Binds UDP and TCP on the same port (0 = a free one). */
  async listen(port: number, host: string): Promise<number> {
    const {
      udp,
      tcp,
      port: bound,
    } = await bindDualPort(port, host, {
      udp: () => {
        const udp = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
        udp.on('message', (buf, rinfo) =>
          this.receive(buf, { transport: 'UDP', address: rinfo.address, port: rinfo.port }),
        );
        udp.on('error', (err) => this.log.error({ err }, 'sip udp socket error'));
        return udp;
      },
      tcp: () => net.createServer((socket) => this.accept(socket)),
    });
    this.udp = udp;
    this.tcp = tcp;
    return bound;
  }

  /**
   * Sends, or drops the message once closed: answers of work still in flight at shutdown (an alarm
   * waiting on its INSERT) have nobody left to hear them, and the device will retransmit.
   */
  send(msg: SipMessage, peer: Peer): void {
    if (this.closed) return;
    const buf = serializeSip(msg);
    if (msg.kind === 'response' && peer.transport === 'UDP') this.serverTransactions.answered(msg, peer, buf);
    this.write(buf, peer);
  }

  /** Sends bytes already serialised (a retransmission); false when they could not leave. */
  write(buf: Buffer, peer: Peer): boolean {
    if (this.closed) return false;
    this.stats.sent++;
    if (peer.transport === 'UDP') {
      if (!this.udp) return false;
      this.udp.send(buf, peer.port, peer.address);
      return true;
    }
    if (peer.socket.destroyed) return false;
    if (peer.socket.writableLength > TCP_MAX_PENDING_WRITE) {
      peer.socket.destroy();
      return false;
    }
    peer.socket.write(buf);
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.serverTransactions.close();
    for (const s of this.sockets) s.destroy();
    await Promise.all([
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve())),
    ]);
  }

  private receive(buf: Buffer, peer: Peer): void {
    // Some devices send a bare CRLF as a NAT keep-alive over UDP.
    if (buf.length <= 4 && buf.toString('latin1').trim() === '') return;
    const parsed = parseSipMessage(buf);
    if (!parsed.ok) return this.malformed(parsed.error, peer);
    if (parsed.value.kind === 'request' && peer.transport === 'UDP') {
      const seen = this.serverTransactions.receive(parsed.value, peer, buf);
      if (seen === 'absorbed') return;
      if (seen !== 'new') {
        this.udp?.send(seen, peer.port, peer.address);
        return;
      }
    }
    this.dispatch(parsed.value, peer);
  }

  private accept(socket: net.Socket): void {
    this.sockets.add(socket);
    this.stats.tcpConnections++;
    socket.setNoDelay(true);
    socket.setTimeout(TCP_IDLE_MS);
    const parser = new SipStreamParser();
    const peer: Peer = {
      transport: 'TCP',
      address: socket.remoteAddress ?? '',
      port: socket.remotePort ?? 0,
      socket,
    };
    socket.on('data', (chunk) => {
      for (const r of parser.push(chunk)) {
        if (!r.ok) {
          // A byte stream that lost its framing cannot be resynchronised: drop the connection.
          this.malformed(r.error, peer);
          socket.destroy();
          return;
        }
        this.dispatch(r.value, peer);
      }
    });
    socket.on('timeout', () => socket.destroy());
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.stats.tcpConnections--;
      this.onTcpClose(socket);
    });
  }

  private dispatch(msg: SipMessage, peer: Peer): void {
    this.stats.received++;
    try {
      this.onMessage(msg, peer);
    } catch (err) {
      // One device's bad message must never take the gateway down.
      this.log.error({ err, peer: `${peer.address}:${peer.port}` }, 'sip handler failed');
    }
  }

  private malformed(error: string, peer: Peer): void {
    this.stats.malformed++;
    // Debug level: a misbehaving device could otherwise flood the log.
    this.log.debug({ error, peer: `${peer.transport} ${peer.address}:${peer.port}` }, 'malformed sip message dropped');
  }
}

/** Keepalives and notifications count only from the transport a device registered on. */
export function samePeer(a: Peer, b: Peer): boolean {
  if (a.transport === 'TCP') return b.transport === 'TCP' && a.socket === b.socket;
  return b.transport === 'UDP' && a.address === b.address && a.port === b.port;
}
