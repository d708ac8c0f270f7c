// One viewer of a live stream over WebSocket (the console's player): a text message with the stream's
// info, the init segment, then every fragment as one binary message.
import { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Fragment, StreamInfo, Viewer } from './hub.js';

/**
 * The connection ws writes its frames to. ws keeps it in `_socket`, outside its typings; anything
 * else there (a future ws) leaves us on plain ws.send.
 */
function connectionOf(ws: WebSocket): Duplex | undefined {
  const socket = (ws as unknown as { _socket?: unknown })._socket;
  return socket instanceof Duplex ? socket : undefined;
}

export class WebSocketViewer implements Viewer {
  /**
   * Where fragments are written already framed (ws-frame.ts), bypassing ws.send. This is safe because:
   * - no extension was negotiated (checked here), so there is no permessage-deflate: ws would
   *   otherwise compress (RSV1) and could hold messages in its own queue while deflating;
   * - ws's sender queues only while deflating or reading a Blob; we send neither, so every ws.send
   *   (the init messages) is on the socket before the next fragment, in order;
   * - while streaming, ws itself writes only pong, ping and close frames, each a whole frame in one
   *   synchronous call, so they fall between our frames, never inside one;
   * - send() writes only while ws says OPEN: once ws has sent or received a close frame nothing
   *   follows it.
   * The backlog stays right: ws's bufferedAmount is this socket's writableLength plus what ws holds.
   */
  private readonly connection: Duplex | undefined;

  constructor(private readonly ws: WebSocket) {
    this.connection = ws.extensions === '' ? connectionOf(ws) : undefined;
  }
  get backlog(): number {
    return this.ws.bufferedAmount;
  }
  start(info: StreamInfo, init: Buffer): void {
    this.ws.send(JSON.stringify({ type: 'init', ...info }));
    this.ws.send(init);
  }
  send(fragment: Fragment): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.connection) this.connection.write(fragment.frame);
    else this.ws.send(fragment.data);
  }
  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }
}
