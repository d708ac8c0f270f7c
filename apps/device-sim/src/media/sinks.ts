// Where a stream's RTP goes: a UDP peer, or a TCP connection with RFC 4571 framing and a bounded write buffer.
import dgram from 'node:dgram';
import type net from 'node:net';
import { frameRfc4571 } from '@svc/media';

export interface MediaSink {
  /** Sends one frame's RTP packets; answers the bytes put on the wire. */
  send(packets: Buffer[]): number;
  /** True while earlier frames still wait in the socket's buffer: the stream then skips to the next keyframe. */
  congested(): boolean;
  close(): void;
}

/** A TCP socket holding more than this is backed up (about 1.5 s of the 1.1 Mbit/s sample). */
export const TCP_HIGH_WATER_BYTES = 256 * 1024;

export class TcpSink implements MediaSink {
  constructor(private readonly socket: net.Socket) {}

  send(packets: Buffer[]): number {
    const framed = Buffer.concat(packets.map((p) => frameRfc4571(p)));
    this.socket.write(framed);
    return framed.length;
  }

  congested(): boolean {
    return this.socket.writableLength > TCP_HIGH_WATER_BYTES || this.socket.destroyed;
  }

  close(): void {
    this.socket.destroy();
  }
}

export class UdpSink implements MediaSink {
  constructor(
    private readonly socket: dgram.Socket,
    private readonly host: string,
    private readonly port: number,
  ) {}

  send(packets: Buffer[]): number {
    let bytes = 0;
    for (const p of packets) {
      this.socket.send(p, this.port, this.host);
      bytes += p.length;
    }
    return bytes;
  }

  congested(): boolean {
    return false;
  }

  close(): void {
    try {
      this.socket.close();
    } catch {
      // Already closed: nothing left to release.
    }
  }
}

/** A UDP socket for one stream's RTP, bound so its port can go into the SDP answer. */
export async function openUdpMediaSocket(bindHost: string, log: (line: string) => void): Promise<dgram.Socket> {
  const socket = dgram.createSocket({ type: bindHost.includes(':') ? 'udp6' : 'udp4' });
  // A failed send (peer gone) is logged, not thrown: one lost viewer must not take down the other streams.
  socket.on('error', (err) => log(`rtp udp socket error: ${err.message}`));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, bindHost, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return socket;
}
