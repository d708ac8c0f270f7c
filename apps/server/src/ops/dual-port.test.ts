import dgram from 'node:dgram';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { bindDualPort, type DualPort } from './dual-port.js';

const opened: DualPort[] = [];
afterEach(() => {
  for (const p of opened.splice(0)) {
    p.udp.close();
    p.tcp.close();
  }
});

/** A TCP server whose listen fails as if the port were taken on TCP. */
function takenOnTcp(): net.Server {
  const server = net.createServer();
  server.listen = (() => {
    const err = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE' });
    setImmediate(() => server.emit('error', err));
    return server;
  }) as net.Server['listen'];
  return server;
}

describe('bindDualPort', () => {
  it('binds UDP and TCP on one free port', async () => {
    const p = await bindDualPort(0, '127.0.0.1', {
      udp: () => dgram.createSocket('udp4'),
      tcp: () => net.createServer(),
    });
    opened.push(p);
    expect(p.udp.address().port).toBe(p.port);
    expect((p.tcp.address() as net.AddressInfo).port).toBe(p.port);
  });

  it('tries another free port when the one UDP got is taken on TCP', async () => {
    const udps: dgram.Socket[] = [];
    let tcps = 0;
    const p = await bindDualPort(0, '127.0.0.1', {
      udp: () => {
        const s = dgram.createSocket('udp4');
        udps.push(s);
        return s;
      },
      tcp: () => (++tcps < 3 ? takenOnTcp() : net.createServer()),
    });
    opened.push(p);
    expect(tcps).toBe(3);
    expect(udps).toHaveLength(3);
    expect((p.tcp.address() as net.AddressInfo).port).toBe(p.port);
  });

  it('fails for a port asked for by number when TCP has it', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as net.AddressInfo).port;
    let udp: dgram.Socket | undefined;
    await expect(
      bindDualPort(port, '127.0.0.1', {
        udp: () => (udp = dgram.createSocket('udp4')),
        tcp: () => net.createServer(),
      }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // The UDP socket it bound is let go again.
    expect(() => udp!.address()).toThrow();
    blocker.close();
  });
});
