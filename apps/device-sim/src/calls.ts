// Live-view calls of one device: INVITE offer → SDP answer, ACK → media (UDP, TCP passive or TCP active), BYE.
import dgram from 'node:dgram';
import net from 'node:net';
import {
  buildAnswerSdp,
  buildRequest,
  buildResponse,
  getHeader,
  makeSsrc,
  newBranch,
  newTag,
  parseNameAddr,
  parseSdp,
  parseSipUri,
  SIP_T1_MS,
  SIP_T2_MS,
  SIP_TRANSACTION_TIMEOUT_MS,
  type Sdp,
  type SipRequest,
  type SipResponse,
  type StreamMode,
} from '@svc/gb28181';
import type { ByeEvent, SimContext } from './context.js';
import { loadSample } from './media/sample.js';
import { openUdpMediaSocket, TcpSink, UdpSink, type MediaSink } from './media/sinks.js';
import type { Stream } from './media/streamer.js';
import type { TimerHandle } from './scheduler.js';

export interface CallHost {
  readonly id: string;
  readonly ctx: SimContext;
  readonly channels: readonly { id: string }[];
  local(): { transport: 'UDP' | 'TCP'; host: string; port: number };
  sendRequest(req: SipRequest): Promise<SipResponse | undefined>;
}

type Respond = (res: SipResponse) => void;

/** RFC 4145: the side that connects announces the discard port. */
const ACTIVE_SIDE_PORT = 9;
const MEDIA_CONNECT_TRIES = 3;
const MEDIA_RETRY_MS = 1000;

interface Call {
  callId: string;
  channelId: string;
  mode: StreamMode;
  ssrc: string;
  host: string;
  port: number;
  invite: SipRequest;
  localTag: string;
  acked: boolean;
  ended: boolean;
  timers: TimerHandle[];
  udp?: dgram.Socket;
  server?: net.Server;
  socket?: net.Socket;
  stream?: Stream;
  sink?: MediaSink;
}

export function streamModeOf(sdp: Sdp): StreamMode {
  if (!(sdp.media?.proto ?? '').toUpperCase().includes('TCP')) return 'UDP';
  // The offer's setup is the platform's role: passive means it listens and the device connects.
  return sdp.setup === 'active' ? 'TCP-ACTIVE' : 'TCP-PASSIVE';
}

/** "IN IP4 10.0.0.1" or a bare address. */
export function connectionAddress(connection: string | undefined): string | undefined {
  const last = connection?.trim().split(/\s+/).pop();
  return last === undefined || last === '' ? undefined : last;
}

export class Calls {
  private readonly calls = new Map<string, Call>();
  private ssrcSeq = 0;

  constructor(private readonly host: CallHost) {}

  get size(): number {
    return this.calls.size;
  }

  onInvite(req: SipRequest, respond: Respond): void {
    this.invite(req, respond).catch((err: unknown) => {
      this.log(`INVITE failed: ${String(err)}`);
      respond(buildResponse(req, 500, 'Server Internal Error', { toTag: newTag() }));
    });
  }

  onAck(req: SipRequest): void {
    const call = this.calls.get(getHeader(req, 'call-id') ?? '');
    if (call === undefined || call.acked) return;
    call.acked = true;
    this.clearTimers(call);
    this.startMedia(call);
  }

  onBye(req: SipRequest, respond: Respond): void {
    const call = this.calls.get(getHeader(req, 'call-id') ?? '');
    if (call === undefined) {
      respond(buildResponse(req, 481, 'Call/Transaction Does Not Exist', { toTag: newTag() }));
      return;
    }
    respond(buildResponse(req, 200, 'OK'));
    this.end(call, 'platform');
  }

  /** Ends every call, telling the platform with a BYE. */
  endAll(reason: ByeEvent['reason']): void {
    for (const call of [...this.calls.values()]) this.end(call, reason);
  }

  private async invite(req: SipRequest, respond: Respond): Promise<void> {
    const reject = (status: number, reason: string): void =>
      respond(buildResponse(req, status, reason, { toTag: newTag() }));
    const callId = getHeader(req, 'call-id') ?? '';
    const uri = parseSipUri(req.uri);
    const channelId = uri.ok ? uri.value.user : undefined;
    if (channelId === undefined || !this.servesChannel(channelId)) return reject(404, 'Not Found');
    if (this.calls.has(callId)) return reject(488, 'Not Acceptable Here'); // no re-INVITE support
    const sdp = parseSdp(req.body.toString('utf8'));
    if (!sdp.ok) return reject(400, 'Bad Request');
    // Only live view for now; playback and download need recorded media.
    if ((sdp.value.sessionName ?? '').trim().toLowerCase() !== 'play') return reject(488, 'Not Acceptable Here');
    const host = connectionAddress(sdp.value.connection) ?? sdp.value.origin?.address;
    const port = sdp.value.media?.port;
    const ssrc = sdp.value.ssrc ?? makeSsrc('live', this.host.ctx.opts.platformId, ++this.ssrcSeq % 10_000);
    const ssrcNumber = Number(ssrc);
    if (
      host === undefined ||
      port === undefined ||
      !Number.isInteger(ssrcNumber) ||
      ssrcNumber < 0 ||
      ssrcNumber >= 2 ** 32
    ) {
      return reject(488, 'Not Acceptable Here');
    }
    respond(buildResponse(req, 100, 'Trying'));
    const mode = streamModeOf(sdp.value);
    const call: Call = {
      callId,
      channelId,
      mode,
      ssrc,
      host,
      port,
      invite: req,
      localTag: newTag(),
      acked: false,
      ended: false,
      timers: [],
    };
    const localPort = await this.prepareMedia(call);
    this.answer(call, localPort, respond);
  }

  private servesChannel(id: string): boolean {
    return this.host.channels.some((c) => c.id === id) || (this.host.channels.length === 1 && id === this.host.id);
  }

  /** Opens the device's end of the media before answering, so the SDP can carry its port. */
  private async prepareMedia(call: Call): Promise<number> {
    const bindHost = this.host.ctx.opts.bindHost;
    switch (call.mode) {
      case 'UDP':
        call.udp = await openUdpMediaSocket(bindHost, this.host.ctx.opts.log);
        return call.udp.address().port;
      case 'TCP-ACTIVE':
        call.server = await this.listen(call, bindHost);
        return (call.server.address() as net.AddressInfo).port;
      case 'TCP-PASSIVE':
        return ACTIVE_SIDE_PORT;
    }
  }

  private answer(call: Call, localPort: number, respond: Respond): void {
    const { ctx } = this.host;
    const local = this.host.local();
    const answer = buildAnswerSdp({
      deviceId: call.channelId,
      ip: ctx.opts.bindHost,
      port: localPort,
      ssrc: call.ssrc,
      mode: call.mode,
      codec: ctx.opts.codec,
    });
    const ok = buildResponse(call.invite, 200, 'OK', {
      toTag: call.localTag,
      headers: [['Contact', `<sip:${call.channelId}@${local.host}:${local.port}>`]],
      body: Buffer.from(answer),
      contentType: 'APPLICATION/SDP',
    });
    this.calls.set(call.callId, call);
    respond(ok);
    if (local.transport === 'UDP') this.retransmitOk(call, () => respond(ok), SIP_T1_MS);
    call.timers.push(ctx.scheduler.after(SIP_TRANSACTION_TIMEOUT_MS, () => this.end(call, 'no-ack')));
    const { callId, channelId, mode, ssrc } = call;
    const media =
      mode === 'TCP-ACTIVE' ? { host: ctx.opts.bindHost, port: localPort } : { host: call.host, port: call.port };
    ctx.emit('invite', { deviceId: this.host.id, channelId, callId, mode, ssrc, ...media });
  }

  /** RFC 3261 13.3.1.4: the 2xx is the UAS's to repeat until the ACK arrives. */
  private retransmitOk(call: Call, resend: () => void, interval: number): void {
    call.timers.push(
      this.host.ctx.scheduler.after(interval, () => {
        if (call.acked || call.ended) return;
        resend();
        this.retransmitOk(call, resend, Math.min(interval * 2, SIP_T2_MS));
      }),
    );
  }

  private listen(call: Call, bindHost: string): Promise<net.Server> {
    const server = net.createServer((socket) => {
      if (call.socket !== undefined || call.ended) {
        socket.destroy();
        return;
      }
      server.close();
      this.adoptSocket(call, socket);
      if (call.acked) this.startStream(call, new TcpSink(socket));
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, bindHost, () => {
        server.off('error', reject);
        resolve(server);
      });
    });
  }

  private adoptSocket(call: Call, socket: net.Socket): void {
    call.socket = socket;
    socket.setNoDelay(true);
    socket.on('error', (err) => this.log(`media tcp ${call.callId}: ${err.message}`));
    socket.on('close', () => this.end(call, 'media-closed'));
    // Anything the platform sends back (RTCP over TCP) is read and dropped so its buffers never fill.
    socket.on('data', () => undefined);
  }

  private startMedia(call: Call): void {
    switch (call.mode) {
      case 'UDP':
        if (call.udp !== undefined) this.startStream(call, new UdpSink(call.udp, call.host, call.port));
        return;
      case 'TCP-PASSIVE':
        this.connectMedia(call, 1);
        return;
      case 'TCP-ACTIVE':
        if (call.socket !== undefined) this.startStream(call, new TcpSink(call.socket));
        else
          call.timers.push(
            this.host.ctx.scheduler.after(SIP_TRANSACTION_TIMEOUT_MS, () => this.end(call, 'media-closed')),
          );
        return;
    }
  }

  /** GB/T 28181-2022: the device is the TCP client; tries at least 3 times, at least 1 s apart. */
  private connectMedia(call: Call, attempt: number): void {
    if (call.ended) return;
    const socket = net.connect({ host: call.host, port: call.port, localAddress: this.host.ctx.opts.bindHost });
    const onFail = (err: Error): void => {
      this.log(`media connect ${call.host}:${call.port} try ${attempt} failed: ${err.message}`);
      if (attempt >= MEDIA_CONNECT_TRIES) this.end(call, 'media-closed');
      else call.timers.push(this.host.ctx.scheduler.after(MEDIA_RETRY_MS, () => this.connectMedia(call, attempt + 1)));
    };
    socket.once('error', onFail);
    socket.once('connect', () => {
      socket.off('error', onFail);
      if (call.ended) {
        socket.destroy();
        return;
      }
      this.adoptSocket(call, socket);
      this.startStream(call, new TcpSink(socket));
    });
  }

  private startStream(call: Call, sink: MediaSink): void {
    if (call.stream !== undefined || call.ended) return;
    const { ctx } = this.host;
    call.sink = sink;
    call.stream = ctx.streamer.add({
      sample: loadSample(ctx.opts.codec),
      sink,
      ssrc: Number(call.ssrc),
      onError: (err) => {
        this.log(`stream ${call.callId} stopped: ${String(err)}`);
        this.end(call, 'media-closed');
      },
    });
  }

  private end(call: Call, reason: ByeEvent['reason']): void {
    if (call.ended) return;
    call.ended = true;
    this.calls.delete(call.callId);
    this.clearTimers(call);
    const { ctx } = this.host;
    if (call.stream !== undefined) ctx.streamer.remove(call.stream);
    call.sink?.close();
    call.socket?.destroy();
    call.server?.close();
    if (call.udp !== undefined && call.sink === undefined) call.udp.close();
    if (reason !== 'platform') this.sendBye(call).catch((err: unknown) => this.log(`BYE failed: ${String(err)}`));
    ctx.emit('bye', { deviceId: this.host.id, channelId: call.channelId, callId: call.callId, reason });
  }

  private clearTimers(call: Call): void {
    for (const t of call.timers) t.cancel();
    call.timers.length = 0;
  }

  /** The device hangs up: From/To swap roles relative to the INVITE, and the request goes to its Contact. */
  private async sendBye(call: Call): Promise<void> {
    const from = parseNameAddr(getHeader(call.invite, 'from') ?? '');
    const to = parseNameAddr(getHeader(call.invite, 'to') ?? '');
    const contact = parseNameAddr(getHeader(call.invite, 'contact') ?? '');
    if (!from.ok || !to.ok) return;
    const local = this.host.local();
    const inviteCseq = Number((getHeader(call.invite, 'cseq') ?? '1').split(/\s+/)[0]);
    const req = buildRequest({
      method: 'BYE',
      uri: contact.ok ? contact.value.uri : from.value.uri,
      from: { uri: to.value.uri, tag: call.localTag },
      to: { uri: from.value.uri, tag: from.value.params.get('tag') },
      callId: call.callId,
      cseq: (Number.isFinite(inviteCseq) ? inviteCseq : 1) + 1,
      via: { transport: local.transport, host: local.host, port: local.port, branch: newBranch(), rport: true },
    });
    const res = await this.host.sendRequest(req);
    if (res === undefined) this.log(`BYE for ${call.callId} unanswered`);
  }

  private log(line: string): void {
    this.host.ctx.opts.log(`${this.host.id}: ${line}`);
  }
}
