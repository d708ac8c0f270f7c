// Picture uploads over the pooled HTTP/1.1 client, against a real node:http server and a raw net one for odd answers.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeIdleConnections, httpPost, MAX_SOCKETS_PER_ORIGIN, poolSizes } from './http-upload.js';
import { uploadSnapshot } from './snapshot.js';
import { until } from './testing/fake-platform.js';

const PICTURE_BYTES = 14_290;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  closeIdleConnections();
  for (const close of closers.splice(0)) await close();
});

interface Served {
  url: string;
  /** Connections accepted so far. */
  connections: number;
  sockets: net.Socket[];
}

function listen(server: net.Server, served: Omit<Served, 'url'>): Promise<Served> {
  server.on('connection', (socket: net.Socket) => {
    served.connections++;
    served.sockets.push(socket);
  });
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of served.sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve(Object.assign(served, { url: `http://127.0.0.1:${port}/snap/alarm?sn=7` }));
    }),
  );
}

/** A node:http server; the handler answers once the request body is in. */
function httpServer(
  answer: (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void,
  keepAliveTimeout = 5000,
): Promise<Served> {
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(parts)));
  });
  server.keepAliveTimeout = keepAliveTimeout;
  return listen(server, { connections: 0, sockets: [] });
}

interface RawRequest {
  socket: net.Socket;
  /** Connection number, from 0. */
  conn: number;
  /** Request number on its connection, from 0. */
  nth: number;
  head: string;
}

/** A raw TCP server that cuts requests out of the stream (by Content-Length) and lets the test answer as it likes. */
function rawServer(onRequest: (r: RawRequest) => void): Promise<Served> {
  let conns = 0;
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    const conn = conns++;
    let nth = 0;
    let buf = Buffer.alloc(0);
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buf.toString('latin1', 0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buf.length < end + 4 + length) return;
        buf = buf.subarray(end + 4 + length);
        onRequest({ socket, conn, nth: nth++, head });
      }
    });
  });
  return listen(server, { connections: 0, sockets: [] });
}

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n';

/** Writes the text a byte at a time, each in its own segment. */
async function trickle(socket: net.Socket, text: string): Promise<void> {
  for (const ch of text) {
    socket.write(ch, 'latin1');
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** A port nobody listens on (just released). */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('uploadSnapshot over http:', () => {
  it('posts the picture and answers 200, reusing the connection', async () => {
    const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; bytes: number }[] = [];
    const srv = await httpServer((req, res, body) => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, bytes: body.length });
      res.end('stored');
    });
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(srv.connections).toBe(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/snap/alarm?sn=7', bytes: PICTURE_BYTES });
    expect(seen[0]?.headers).toMatchObject({
      host: new URL(srv.url).host,
      'content-type': 'image/jpeg',
      'content-length': String(PICTURE_BYTES),
    });
    expect(poolSizes(srv.url)).toEqual({ open: 1, idle: 1, waiting: 0 });
  });

  it('sends credentials in the URL as Basic authorization', async () => {
    let auth: string | undefined;
    const srv = await httpServer((req, res) => {
      auth = req.headers.authorization;
      res.end();
    });
    expect(await uploadSnapshot(srv.url.replace('//', '//cam%40site:p%3Ass@'))).toBe(200);
    expect(auth).toBe(`Basic ${Buffer.from('cam@site:p:ss').toString('base64')}`);
  });

  it('reads a chunked response with extensions and trailers and keeps the connection', async () => {
    const srv = await rawServer(({ socket }) =>
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;a=b\r\nwell\r\n0\r\nX-Sum: 1\r\n\r\n'),
    );
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(srv.connections).toBe(1);
  });

  it('reads a response that arrives one byte at a time', async () => {
    const srv = await rawServer(({ socket }) => {
      trickle(socket, 'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n').catch(
        () => undefined,
      );
    });
    expect(await uploadSnapshot(srv.url)).toBe(201);
    expect(await uploadSnapshot(srv.url)).toBe(201);
    expect(srv.connections).toBe(1);
  });

  it('reads a body framed by the close', async () => {
    const srv = await rawServer(({ socket }) => socket.end('HTTP/1.1 202 Accepted\r\n\r\nbody until FIN'));
    expect(await uploadSnapshot(srv.url)).toBe(202);
  });

  it('closes the socket after Connection: close and after HTTP/1.0 without keep-alive', async () => {
    const answers = [
      'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n',
      'HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n',
    ];
    const closedByClient: number[] = [];
    // The server never closes: only the client can.
    const srv = await rawServer(({ socket, conn, nth }) => {
      socket.on('end', () => closedByClient.push(conn));
      socket.write(answers[conn + nth] ?? OK);
    });
    for (let i = 0; i < 4; i++) expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(srv.connections).toBe(3);
    await until('client closes', () => closedByClient.length === 2);
    expect(closedByClient).toEqual([0, 1]);
  });

  it('passes 413 and 503 through', async () => {
    const srv = await httpServer((req, res) => {
      res.statusCode = req.url?.includes('big') ? 413 : 503;
      res.end();
    });
    expect(await uploadSnapshot(`${srv.url}&big`)).toBe(413);
    expect(await uploadSnapshot(srv.url)).toBe(503);
  });

  it('answers 0 when the server closes mid-response, without retrying a request it had begun to answer', async () => {
    const srv = await rawServer(({ socket, nth }) => {
      if (nth === 0) socket.write(OK);
      else socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly part');
    });
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(await uploadSnapshot(srv.url)).toBe(0);
    expect(srv.connections).toBe(1);
    await until('socket dropped', () => poolSizes(srv.url).open === 0);
  });

  it('answers 0 when the port refuses', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/snap`;
    expect(await uploadSnapshot(url)).toBe(0);
    expect(await Promise.all([uploadSnapshot(url), uploadSnapshot(url)])).toEqual([0, 0]);
    expect(poolSizes(url)).toEqual({ open: 0, idle: 0, waiting: 0 });
  });

  it('answers 0 to a malformed response and never reuses that socket', async () => {
    const srv = await rawServer(({ socket, conn }) => socket.write(conn === 0 ? 'HTTP/1.1 2OO OK\r\n\r\n' : OK));
    expect(await uploadSnapshot(srv.url)).toBe(0);
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(srv.connections).toBe(2);
  });

  it('does not reuse a socket that sent bytes after its response', async () => {
    const srv = await rawServer(({ socket }) => socket.write(`${OK}HTTP/1.1 200 OK\r\n`));
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(await uploadSnapshot(srv.url)).toBe(200);
    expect(srv.connections).toBe(2);
  });

  it('answers 0 when no complete response comes by the deadline, and drops the socket', async () => {
    let ended = false;
    const srv = await rawServer(({ socket }) => {
      socket.on('close', () => (ended = true));
      socket.write('HTTP/1.1 200 OK\r\n');
    });
    const t0 = performance.now();
    expect(await httpPost(new URL(srv.url), 'image/jpeg', Buffer.from('x'), 300)).toBe(0);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    await until('server sees the close', () => ended);
    expect(poolSizes(srv.url).open).toBe(0);
  });

  const MANY = MAX_SOCKETS_PER_ORIGIN + 34;
  it(`runs ${MANY} concurrent uploads on at most ${MAX_SOCKETS_PER_ORIGIN} connections`, async () => {
    const srv = await httpServer((_req, res) => setTimeout(() => res.end(), 20));
    let peak = 0;
    const uploads = Array.from({ length: MANY }, () => uploadSnapshot(srv.url));
    peak = Math.max(peak, poolSizes(srv.url).open);
    expect(poolSizes(srv.url).waiting).toBe(MANY - MAX_SOCKETS_PER_ORIGIN);
    const statuses = await Promise.all(uploads);
    expect(statuses).toEqual(Array<number>(MANY).fill(200));
    expect(peak).toBe(MAX_SOCKETS_PER_ORIGIN);
    expect(srv.connections).toBe(MAX_SOCKETS_PER_ORIGIN);
  });

  it('serves requests beyond the limit first come, first served', async () => {
    const held: net.Socket[] = [];
    const order: number[] = [];
    const srv = await rawServer(({ socket, head }) => {
      order.push(Number(/&n=(\d+)/.exec(head)?.[1]));
      held.push(socket);
    });
    const total = MAX_SOCKETS_PER_ORIGIN + 4;
    const uploads = Array.from({ length: total }, (_, n) => uploadSnapshot(`${srv.url}&n=${n}`));
    await until('a full pool of requests in', () => order.length === MAX_SOCKETS_PER_ORIGIN);
    for (let next = MAX_SOCKETS_PER_ORIGIN; next < total; next++) {
      held.shift()?.write(OK);
      await until(`request ${next}`, () => order.length === next + 1);
      expect(order.at(-1)).toBe(next);
    }
    for (const s of held.splice(0)) s.write(OK);
    expect(await Promise.all(uploads)).toEqual(Array<number>(total).fill(200));
  });

  it.each(['FIN', 'reset'])(
    'drops an idle connection the server closed with a %s and uploads on a new one',
    async (how) => {
      const srv =
        how === 'FIN'
          ? await httpServer((_req, res) => res.end(), 100)
          : await rawServer(({ socket }) => {
              socket.write(OK);
              setTimeout(() => socket.resetAndDestroy(), 50);
            });
      expect(await uploadSnapshot(srv.url)).toBe(200);
      await until('idle socket dropped', () => poolSizes(srv.url).open === 0);
      expect(poolSizes(srv.url).idle).toBe(0);
      expect(await uploadSnapshot(srv.url)).toBe(200);
      expect(srv.connections).toBe(2);
    },
  );

  it.each(['reset', 'FIN'])(
    'retries once on a fresh connection when a reused socket gets a %s before any response byte',
    async (how) => {
      let requests = 0;
      const srv = await rawServer(({ socket, conn, nth }) => {
        requests++;
        if (conn === 0 && nth === 1) {
          if (how === 'reset') socket.resetAndDestroy();
          else socket.end();
        } else socket.write(OK);
      });
      expect(await uploadSnapshot(srv.url)).toBe(200);
      expect(await uploadSnapshot(srv.url)).toBe(200);
      expect([srv.connections, requests]).toEqual([2, 3]);
    },
  );

  it('does not retry a fresh connection reset before any response byte', async () => {
    const srv = await rawServer(({ socket }) => socket.resetAndDestroy());
    expect(await uploadSnapshot(srv.url)).toBe(0);
    expect(srv.connections).toBe(1);
  });

  it('keeps the process alive while uploading and lets it exit with idle sockets', async () => {
    // Long keep-alive: the server holds the idle socket open, so only unref lets the child exit.
    const srv = await httpServer((_req, res) => setTimeout(() => res.end(), 300), 60_000);
    const snapshotModule = new URL('./snapshot.ts', import.meta.url).href;
    const code = `
      const { uploadSnapshot } = await import(${JSON.stringify(snapshotModule)});
      const a = await uploadSnapshot(process.argv[1]);
      await new Promise((r) => setTimeout(r, 50));
      const b = await uploadSnapshot(process.argv[1]);
      process.stdout.write(a + ',' + b);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code, srv.url], {
      cwd: new URL('..', import.meta.url),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    // A child held open by a socket would never exit: end it so the test fails instead of hanging.
    const killer = setTimeout(() => child.kill(), 10_000);
    const exit = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    clearTimeout(killer);
    expect([exit, out]).toEqual([0, '200,200']);
    expect(srv.connections).toBe(1);
  }, 20_000);
});
