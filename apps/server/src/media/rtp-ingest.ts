// One port (UDP and TCP) receives every device's RTP; streams are told apart by SSRC. Also dials
// out for TCP-active devices (the device listens, the platform connects).
import dgram from 'node:dgram';
import net from 'node:net';
import { parseRtp, Rfc4571Deframer, type RtpPacket } from '@svc/media';
import { bindDualPort } from '../ops/dual-port.js';

export interface RtpSink {
  /** Where the device's media should come from: a fallback for devices that ignore our SSRC. */
  address: string;
  onPacket(p: RtpPacket, bytes: number): void;
  /** Its TCP connection ended. */
  onClose(): void;
  /** Set once the first packet arrived. */
  started?: boolean;
}

/** A TCP media connection must bring its first packet within this time. */
const FIRST_PACKET_MS = 10_000;
const MAX_RTP_PACKET = 65_535;

export class RtpIngest {
  readonly stats = { packets: 0, bytes: 0, unknown: 0, malformed: 0, tcpConnections: 0 };
  /** The latest packet no stream claimed: a live start that fails can tell whether media went astray. */
  lastUnknown: { ssrc: number; address: string } | undefined;
  private readonly sinks = new Map<number, RtpSink>();
  private readonly sockets = new Set<net.Socket>();
  private udp: dgram.Socket | undefined;
  private tcp: net.Server | undefined;

  async listen(port: number, host: string): Promise<number> {
    const {
      udp,
      tcp,
      port: bound,
    } = await bindDualPort(port, host, {
      udp: () => {
        const udp = dgram.createSocket({ type: 'udp4', recvBufferSize: 8 * 1024 * 1024 });
        udp.on('message', (buf, rinfo) => this.udpPacket(buf, rinfo.address));
        udp.on('error', () => undefined);
        return udp;
      },
      tcp: () => net.createServer((s) => this.tcpConnection(s)),
    });
    this.udp = udp;
    this.tcp = tcp;
    return bound;
  }

  expect(ssrc: number, sink: RtpSink): void {
    this.sinks.set(ssrc, sink);
  }

  /** Forgets a stream under whichever SSRC it ended up with. */
  release(sink: RtpSink): void {
    for (const [ssrc, s] of this.sinks) if (s === sink) this.sinks.delete(ssrc);
  }

  /** TCP active: connect to the device's media port and read its stream. */
  connect(host: string, port: number, ssrc: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port }, () => {
        socket.off('error', reject);
        resolve();
      });
      socket.once('error', reject);
      this.tcpConnection(socket, ssrc);
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await Promise.all([
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve())),
    ]);
  }

  private udpPacket(buf: Buffer, address: string): void {
    const p = parseRtp(buf);
    if (!p.ok) {
      this.stats.malformed++;
      return;
    }
    const sink = this.sinkFor(p.value.ssrc, address);
    if (!sink) {
      this.unknown(p.value.ssrc, address);
      return;
    }
    this.count(buf.length);
    sink.started = true;
    sink.onPacket(p.value, buf.length);
  }

  /** One TCP connection carries one stream: its first packet picks the sink, the rest follow it. */
  private tcpConnection(socket: net.Socket, expectedSsrc?: number): void {
    this.sockets.add(socket);
    this.stats.tcpConnections++;
    socket.setNoDelay(true);
    const deframer = new Rfc4571Deframer(MAX_RTP_PACKET);
    let sink: RtpSink | undefined;
    const idle = setTimeout(() => {
      if (!sink) socket.destroy();
    }, FIRST_PACKET_MS);
    socket.on('data', (chunk: Buffer) => {
      for (const buf of deframer.push(chunk)) {
        const p = parseRtp(buf);
        if (!p.ok) {
          this.stats.malformed++;
          continue;
        }
        if (!sink) {
          sink = this.sinkFor(expectedSsrc ?? p.value.ssrc, socket.remoteAddress ?? '');
          if (!sink) {
            this.unknown(p.value.ssrc, socket.remoteAddress ?? '');
            socket.destroy();
            return;
          }
          sink.started = true;
        }
        this.count(buf.length);
        sink.onPacket(p.value, buf.length);
      }
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(idle);
      this.sockets.delete(socket);
      this.stats.tcpConnections--;
      sink?.onClose();
    });
  }

  /**
   * By SSRC; failing that, the one stream still waiting for its first packet from that address —
   * some devices ignore the SSRC the platform offered.
   */
  private sinkFor(ssrc: number, address: string): RtpSink | undefined {
    const exact = this.sinks.get(ssrc);
    if (exact) return exact;
    const waiting = [...this.sinks.entries()].filter(([, s]) => !s.started && sameHost(s.address, address));
    if (waiting.length !== 1) return undefined;
    const [offered, sink] = waiting[0]!;
    this.sinks.delete(offered);
    this.sinks.set(ssrc, sink);
    return sink;
  }

  private unknown(ssrc: number, address: string): void {
    this.stats.unknown++;
    this.lastUnknown = { ssrc, address: address.replace(/^::ffff:/, '') };
  }

  private count(bytes: number): void {
    this.stats.packets++;
    this.stats.bytes += bytes;
  }
}

const sameHost = (a: string, b: string) => a.replace(/^::ffff:/, '') === b.replace(/^::ffff:/, '');
