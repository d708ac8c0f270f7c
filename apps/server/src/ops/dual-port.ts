// One port number for UDP and TCP (SIP and RTP both run on both). With port 0 the kernel picks a free
// UDP port, but that number may be taken on TCP (by another listener, or as a connection's local
// port): then another is tried, so a free port never fails by chance.
import dgram from 'node:dgram';
import net from 'node:net';

const ATTEMPTS = 20;

export interface DualPort {
  udp: dgram.Socket;
  tcp: net.Server;
  port: number;
}

const bindUdp = (udp: dgram.Socket, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    udp.once('error', reject);
    udp.bind(port, host, () => {
      udp.off('error', reject);
      resolve();
    });
  });

const listenTcp = (tcp: net.Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(port, host, () => {
      tcp.off('error', reject);
      resolve();
    });
  });

/** Binds a UDP socket and a TCP server made by the callers on the same port (0 = a free one). */
export async function bindDualPort(
  port: number,
  host: string,
  make: { udp: () => dgram.Socket; tcp: () => net.Server },
): Promise<DualPort> {
  for (let attempt = 1; ; attempt++) {
    const udp = make.udp();
    await bindUdp(udp, port, host);
    const bound = udp.address().port;
    const tcp = make.tcp();
    try {
      await listenTcp(tcp, bound, host);
      return { udp, tcp, port: bound };
    } catch (err) {
      udp.close();
      const taken = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (port !== 0 || !taken || attempt >= ATTEMPTS) throw err;
    }
  }
}
