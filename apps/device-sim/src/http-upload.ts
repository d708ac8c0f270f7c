// Keep-alive HTTP/1.1 POSTs over node:net: a pool of sockets per origin, one request in flight per socket.
// node:http's client costs about three times the CPU of the same bytes on a raw socket, and a fleet of
// simulated cameras posts thousands of alarm pictures a second; the answer's body is not needed.
import net from 'node:net';
import { ResponseReader } from './http-response.js';

/**
 * Sockets per origin, shared by the process's simulated cameras (each real camera has its own): a
 * burst of pictures shares these, more requests wait their turn, first come first served. At 2,000
 * pictures a second and ~10 ms a picture on the platform, 16 sockets could not keep up.
 */
export const MAX_SOCKETS_PER_ORIGIN = 128;
/** A request without a complete response by then has failed (status 0). */
export const UPLOAD_TIMEOUT_MS = 30_000;

interface Post {
  readonly head: string;
  readonly body: Buffer;
  readonly resolve: (status: number) => void;
  timer: NodeJS.Timeout | undefined;
  conn: Conn | undefined;
  retried: boolean;
  settled: boolean;
}

function settle(post: Post, status: number): void {
  if (post.settled) return;
  post.settled = true;
  clearTimeout(post.timer);
  post.resolve(status);
}

function expire(post: Post): void {
  const conn = post.conn;
  if (conn !== undefined) conn.abandon();
  settle(post, 0);
}

/** Codes of a write on a socket the server had already closed. */
const STALE = new Set(['ECONNRESET', 'EPIPE']);

class Conn {
  readonly socket: net.Socket;
  private readonly reader = new ResponseReader();
  private post: Post | undefined;
  /** Has a whole response come back on this socket? Only then can a close before any byte mean a stale keep-alive. */
  private reused = false;
  /** Has a byte of the current response arrived? */
  private heard = false;
  private error: string | undefined;

  constructor(private readonly origin: Origin) {
    this.socket = net.connect({ host: origin.host, port: origin.port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('end', () => this.onEnd());
    this.socket.on('error', (err: NodeJS.ErrnoException) => (this.error = err.code ?? err.message));
    this.socket.on('close', () => this.onClose());
  }

  send(post: Post): void {
    this.post = post;
    post.conn = this;
    this.heard = false;
    this.reader.reset();
    this.socket.ref();
    // Head and body leave in one writev.
    this.socket.cork();
    this.socket.write(post.head, 'latin1');
    this.socket.write(post.body);
    this.socket.uncork();
  }

  /** The request is given up (deadline): this socket's stream is mid-response, so it goes. */
  abandon(): void {
    this.detach();
    this.socket.destroy();
  }

  private detach(): Post | undefined {
    const post = this.post;
    this.post = undefined;
    if (post !== undefined) post.conn = undefined;
    return post;
  }

  private onData(chunk: Buffer): void {
    if (this.post === undefined) {
      // Bytes on an idle socket answer nothing we sent: the stream is out of step.
      this.socket.destroy();
      return;
    }
    this.heard = true;
    const result = this.reader.feed(chunk);
    if (result === 'more') return;
    const post = this.detach();
    if (post === undefined) return;
    if (result === 'bad') {
      this.socket.destroy();
      settle(post, 0);
      return;
    }
    settle(post, this.reader.status);
    if (!this.reader.keepAlive) {
      this.socket.destroy();
      return;
    }
    this.reused = true;
    this.origin.release(this);
  }

  /** The server's FIN ends a response framed by the close; anything else is cut short and handled on close. */
  private onEnd(): void {
    if (this.post === undefined) {
      // An idle socket the server closed leaves the pool now, not at 'close' a tick later.
      this.origin.forget(this);
      return;
    }
    if (this.reader.end() !== 'done') return;
    const post = this.detach();
    if (post !== undefined) settle(post, this.reader.status);
  }

  private onClose(): void {
    this.origin.drop(this);
    const post = this.detach();
    if (post !== undefined && !post.settled) {
      // A kept-alive socket the server closed as we reused it: the request never reached it; once more on a new one.
      const stale = this.reused && !this.heard && (this.error === undefined || STALE.has(this.error));
      if (stale && !post.retried) {
        post.retried = true;
        this.origin.connect(post);
      } else settle(post, 0);
    }
    this.origin.pump();
  }
}

class Origin {
  /** Sockets open or opening, idle or busy. */
  private open = 0;
  /** Idle sockets, most recent last: reusing the warmest lets the others time out on the server. */
  private readonly idle: Conn[] = [];
  private readonly waiting: Post[] = [];

  constructor(
    readonly host: string,
    readonly port: number,
  ) {}

  send(post: Post): void {
    let conn = this.idle.pop();
    // An idle socket that failed or was closed this tick is on its way out.
    while (conn !== undefined && !conn.socket.writable) conn = this.idle.pop();
    if (conn !== undefined) conn.send(post);
    else if (this.open < MAX_SOCKETS_PER_ORIGIN) this.connect(post);
    else this.waiting.push(post);
  }

  connect(post: Post): void {
    this.open++;
    new Conn(this).send(post);
  }

  /** A socket done with its response takes the next waiting request, or rests without holding the process open. */
  release(conn: Conn): void {
    const next = this.nextWaiting();
    if (next !== undefined) {
      conn.send(next);
      return;
    }
    conn.socket.unref();
    this.idle.push(conn);
  }

  /** The socket closed: its slot is free. */
  drop(conn: Conn): void {
    this.open--;
    this.forget(conn);
  }

  forget(conn: Conn): void {
    const i = this.idle.indexOf(conn);
    if (i >= 0) this.idle.splice(i, 1);
  }

  /** Fills freed slots with waiting requests. */
  pump(): void {
    while (this.open < MAX_SOCKETS_PER_ORIGIN) {
      const next = this.nextWaiting();
      if (next === undefined) return;
      this.connect(next);
    }
  }

  get sizes(): { open: number; idle: number; waiting: number } {
    return { open: this.open, idle: this.idle.length, waiting: this.waiting.filter((p) => !p.settled).length };
  }

  closeIdle(): void {
    for (const conn of this.idle.splice(0)) conn.socket.destroy();
  }

  private nextWaiting(): Post | undefined {
    for (let post = this.waiting.shift(); post !== undefined; post = this.waiting.shift()) {
      if (!post.settled) return post; // those past their deadline were answered already
    }
    return undefined;
  }
}

const origins = new Map<string, Origin>();

/** The pool for a URL's host and port (URL.host carries the port unless it is the default). */
function originOf(target: URL): Origin {
  let origin = origins.get(target.host);
  if (origin === undefined) {
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1'); // IPv6 literals come bracketed
    origin = new Origin(host, Number(target.port) || 80);
    origins.set(target.host, origin);
  }
  return origin;
}

/** Credentials in the URL go as Basic authorization, as node:http sends them (RFC 7617). */
function authorization(target: URL): string {
  if (target.username === '' && target.password === '') return '';
  const pair = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
  return `Authorization: Basic ${Buffer.from(pair).toString('base64')}\r\n`;
}

/** POSTs the body to an http: URL; answers the response's status, or 0 when no complete response came. */
export function httpPost(
  target: URL,
  contentType: string,
  body: Buffer,
  timeoutMs: number = UPLOAD_TIMEOUT_MS,
): Promise<number> {
  const head =
    `POST ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\n${authorization(target)}` +
    `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return new Promise<number>((resolve) => {
    const post: Post = { head, body, resolve, timer: undefined, conn: undefined, retried: false, settled: false };
    // The socket holds the process open while the request is in flight (or all sockets do, while it waits).
    post.timer = setTimeout(expire, timeoutMs, post).unref();
    originOf(target).send(post);
  });
}

/** Closes the sockets resting in the pools (tests; idle sockets never hold the process open). */
export function closeIdleConnections(): void {
  for (const origin of origins.values()) origin.closeIdle();
}

/** Sockets and waiting requests of a URL's pool (tests). */
export function poolSizes(url: string): { open: number; idle: number; waiting: number } {
  return origins.get(new URL(url).host)?.sizes ?? { open: 0, idle: 0, waiting: 0 };
}
