// The one UDP SIP socket shared by every device of the process: parses datagrams and hands them to the router.
import dgram from 'node:dgram';
import { parseSipMessage, type SipMessage } from '@svc/gb28181';
import type { SipLink } from './link.js';

export type Reply = (buf: Buffer) => void;
export type InboundHandler = (msg: SipMessage, reply: Reply) => void;

export class SharedUdp {
  private socket: dgram.Socket | undefined;
  private boundPort = 0;
  bytesOut = 0;

  constructor(
    private readonly bindHost: string,
    private readonly onMessage: InboundHandler,
    private readonly log: (line: string) => void,
  ) {}

  get port(): number {
    return this.boundPort;
  }

  async open(): Promise<void> {
    // Thousands of devices share this socket: ask for deep buffers (the kernel caps them at its rmem/wmem max).
    const socket = dgram.createSocket({
      type: this.bindHost.includes(':') ? 'udp6' : 'udp4',
      recvBufferSize: 4 * 1024 * 1024,
      sendBufferSize: 4 * 1024 * 1024,
    });
    socket.on('message', (buf, rinfo) => this.receive(buf, rinfo));
    socket.on('error', (err) => this.log(`sip udp socket error: ${err.message}`));
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, this.bindHost, () => {
        socket.off('error', reject);
        resolve();
      });
    });
    this.socket = socket;
    this.boundPort = socket.address().port;
  }

  /** A link that sends to one fixed peer (the platform) over the shared socket. */
  linkTo(host: string, port: number): SipLink {
    return { reliable: false, write: (buf) => this.send(buf, host, port) };
  }

  send(buf: Buffer, host: string, port: number): boolean {
    const socket = this.socket;
    if (socket === undefined) return false;
    this.bytesOut += buf.length;
    socket.send(buf, port, host, (err) => {
      if (err) this.log(`sip udp send to ${host}:${port} failed: ${err.message}`);
    });
    return true;
  }

  close(): Promise<void> {
    const socket = this.socket;
    this.socket = undefined;
    if (socket === undefined) return Promise.resolve();
    return new Promise((resolve) => socket.close(() => resolve()));
  }

  private receive(buf: Buffer, rinfo: dgram.RemoteInfo): void {
    // Keep-alive pings of CRLF carry no message.
    if (buf.length <= 4 && buf.toString('latin1').trim() === '') return;
    const parsed = parseSipMessage(buf);
    if (!parsed.ok) {
      this.log(`dropped bad SIP datagram from ${rinfo.address}:${rinfo.port}: ${parsed.error}`);
      return;
    }
    this.onMessage(parsed.value, (reply) => this.send(reply, rinfo.address, rinfo.port));
  }
}
