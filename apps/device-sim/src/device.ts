// One simulated device: identity, registration with digest auth, keepalives, and routing of the platform's requests.
import {
  buildRequest,
  buildResponse,
  decodeManscdp,
  digestAuthorization,
  encodeBody,
  getHeader,
  keepaliveNotify,
  MANSCDP_CONTENT_TYPE,
  newBranch,
  newCallId,
  newTag,
  serializeSip,
  type SipRequest,
  type SipResponse,
} from '@svc/gb28181';
import { answerManscdp, type AnswerHost, type BasicParamUpdate } from './answers.js';
import { Calls, type CallHost } from './calls.js';
import type { RequestTarget, SimContext } from './context.js';
import { channelName, deviceName, ipcChannelId, nthId, nvrChannelId } from './ids.js';
import type { SipLink } from './link.js';
import type { DeviceType } from './options.js';
import type { TimerHandle } from './scheduler.js';
import { grantedExpires, parseSipDate } from './register-fields.js';
import { TcpSipLink } from './tcp.js';

export interface SimChannel {
  id: string;
  name: string;
}

const USER_AGENT = 'SimCam/1.0';
const MISSED_KEEPALIVES_BEFORE_REREGISTER = 3;
const REBOOT_DOWNTIME_MS = 2000;

type RegisterOutcome = { kind: 'ok'; res: SipResponse } | { kind: 'failed'; status?: number };

export class SimDevice implements RequestTarget, AnswerHost, CallHost {
  readonly id: string;
  readonly type: DeviceType;
  readonly model: string;
  readonly channels: SimChannel[];
  name: string;
  registered = false;
  keepaliveSeconds: number;
  expires: number;
  /** Guard (arming) state by device or channel ID, as set by GuardCmd. */
  readonly armed = new Map<string, boolean>();
  readonly calls: Calls;
  private readonly link: SipLink;
  private readonly tcp: TcpSipLink | undefined;
  private epoch = 0;
  private stopped = false;
  private regCallId = '';
  private regTag = newTag();
  private regCseq = 0;
  private sn = 0;
  private missedKeepalives = 0;
  private clockOffsetMs = 0;
  private registerTimer: TimerHandle | undefined;
  private keepaliveTimer: TimerHandle | undefined;

  constructor(
    readonly ctx: SimContext,
    readonly index: number,
  ) {
    const o = ctx.opts;
    this.id = nthId(o.firstId, index);
    this.type = o.type;
    this.model = o.type === 'ipc' ? 'SIM-IPC-1' : 'SIM-NVR-8';
    this.name = deviceName(o.type, index);
    this.channels =
      o.type === 'ipc'
        ? [{ id: ipcChannelId(this.id), name: this.name }]
        : Array.from({ length: o.channels }, (_, i) => ({
            id: nvrChannelId(this.id, i + 1),
            name: channelName(this.name, i + 1),
          }));
    this.keepaliveSeconds = o.keepaliveSeconds;
    this.expires = o.expires;
    this.calls = new Calls(this);
    if (ctx.udp !== undefined) {
      this.link = ctx.udp.linkTo(o.server.host, o.server.port);
    } else {
      this.tcp = new TcpSipLink(o.server, o.bindHost, o.retrySeconds * 1000, ctx.scheduler, this.tcpEvents(), o.log);
      this.link = this.tcp;
    }
    this.regCallId = newCallId(o.bindHost);
  }

  /** Work started from a timer or socket event: a failure is logged and the device carries on. */
  private background(work: Promise<void>, what: string): void {
    work.catch((err: unknown) => this.ctx.opts.log(`${this.id}: ${what} failed: ${String(err)}`));
  }

  /** Begins after this device's share of the ramp, so a fleet does not REGISTER in one burst. */
  start(): void {
    const o = this.ctx.opts;
    const delay = (o.rampSeconds * 1000 * this.index) / o.count;
    this.registerTimer = this.ctx.scheduler.after(delay, () => {
      if (this.tcp !== undefined) this.tcp.connect();
      else this.background(this.runRegister(), 'REGISTER');
    });
  }

  /** Ends calls and unregisters (Expires 0); the caller bounds how long it waits. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.epoch++;
    this.cancelTimers();
    this.calls.endAll('stopped');
    if (this.registered) await this.register(0);
    this.setRegistered(false);
  }

  close(): void {
    this.tcp?.close();
  }

  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  /** Where the platform reaches this device: the shared UDP socket, or the local end of its TCP connection. */
  local(): { transport: 'UDP' | 'TCP'; host: string; port: number } {
    if (this.tcp !== undefined) return { transport: 'TCP', ...this.tcp.local };
    return { transport: 'UDP', host: this.ctx.opts.bindHost, port: this.ctx.udp?.port ?? 0 };
  }

  get platformUri(): string {
    return `sip:${this.ctx.opts.platformId}@${this.ctx.opts.domain}`;
  }

  get uri(): string {
    return `sip:${this.id}@${this.ctx.opts.domain}`;
  }

  sendRequest(req: SipRequest): Promise<SipResponse | undefined> {
    return this.ctx.clients.tryRequest(req, this.link);
  }

  /** Sends a MANSCDP MESSAGE to the platform outside any dialog. */
  sendMessage(xml: string, encoding: 'GB2312' | 'UTF-8'): Promise<SipResponse | undefined> {
    const local = this.local();
    const req = buildRequest({
      method: 'MESSAGE',
      uri: this.platformUri,
      from: { uri: this.uri, tag: newTag() },
      to: { uri: this.platformUri },
      callId: newCallId(local.host),
      cseq: 1,
      via: { transport: local.transport, host: local.host, port: local.port, branch: newBranch(), rport: true },
      userAgent: USER_AGENT,
      body: encodeBody(xml, encoding),
      contentType: MANSCDP_CONTENT_TYPE,
    });
    return this.sendRequest(req);
  }

  nextSn(): number {
    this.sn = (this.sn % 2_000_000_000) + 1;
    return this.sn;
  }

  applyBasicParam(p: BasicParamUpdate): void {
    if (p.name !== undefined && p.name.length > 0) this.name = p.name;
    if (p.expiration !== undefined && p.expiration > 0) this.expires = p.expiration;
    if (p.heartBeatInterval !== undefined && p.heartBeatInterval > 0 && p.heartBeatInterval !== this.keepaliveSeconds) {
      this.keepaliveSeconds = p.heartBeatInterval;
      if (this.keepaliveTimer !== undefined) this.scheduleKeepalive(this.keepaliveSeconds * 1000);
    }
  }

  /** TeleBoot: drop calls, unregister, come back ~2 s later with a fresh registration. */
  reboot(): void {
    this.ctx.scheduler.after(100, () => this.background(this.rebootNow(), 'reboot'));
  }

  /** A retransmitted request is answered again (or dropped while unanswered), never handled twice. */
  handleRequest(req: SipRequest, reply: (buf: Buffer) => void): void {
    // The platform is the only peer, so Via and CSeq alone name the transaction.
    const seen = this.ctx.servers.receive(req, undefined);
    if (seen === 'absorbed') return;
    if (seen !== 'new') {
      reply(seen);
      return;
    }
    const respond = (res: SipResponse): void => {
      const buf = serializeSip(res);
      this.ctx.servers.answered(res, undefined, buf);
      reply(buf);
    };
    this.dispatch(req, respond);
  }

  private dispatch(req: SipRequest, respond: (res: SipResponse) => void): void {
    switch (req.method) {
      case 'MESSAGE':
        this.onMessage(req, respond);
        return;
      case 'INVITE':
        this.calls.onInvite(req, respond);
        return;
      case 'ACK':
        this.calls.onAck(req);
        return;
      case 'BYE':
        this.calls.onBye(req, respond);
        return;
      case 'CANCEL':
      case 'OPTIONS':
        // INVITEs are answered at once, so a CANCEL always arrives after the final response and changes nothing.
        respond(buildResponse(req, 200, 'OK', { toTag: newTag() }));
        return;
      default:
        respond(
          buildResponse(req, 405, 'Method Not Allowed', {
            toTag: newTag(),
            headers: [['Allow', 'INVITE, ACK, BYE, CANCEL, MESSAGE, OPTIONS']],
          }),
        );
    }
  }

  private onMessage(req: SipRequest, respond: (res: SipResponse) => void): void {
    const decoded = decodeManscdp(req.body);
    if (!decoded.ok) {
      respond(buildResponse(req, 400, 'Bad Request', { toTag: newTag() }));
      return;
    }
    respond(buildResponse(req, 200, 'OK', { toTag: newTag() }));
    answerManscdp(this, decoded.value).catch((err: unknown) =>
      this.ctx.opts.log(`${this.id}: answering ${decoded.value.cmdType} failed: ${String(err)}`),
    );
  }

  private tcpEvents(): ConstructorParameters<typeof TcpSipLink>[4] {
    return {
      onConnect: () => this.background(this.runRegister(), 'REGISTER'),
      onClose: () => {
        this.ctx.clients.failAll('SIP TCP connection closed', this.link);
        this.epoch++;
        this.cancelTimers();
        this.setRegistered(false);
        this.ctx.opts.log(`${this.id}: SIP TCP connection closed`);
      },
      onConnectFailed: () => {
        this.ctx.counters.registerFailures++;
      },
      onMessage: (msg, reply) => {
        if (msg.kind === 'response') this.ctx.clients.handleResponse(msg);
        else this.handleRequest(msg, reply);
      },
    };
  }

  private buildRegister(uri: string, expires: number, auth?: [string, string]): SipRequest {
    const local = this.local();
    const headers: [string, string][] = [['Expires', String(expires)]];
    if (auth !== undefined) headers.push(auth);
    return buildRequest({
      method: 'REGISTER',
      uri,
      from: { uri: this.uri, tag: this.regTag },
      to: { uri: this.uri },
      callId: this.regCallId,
      cseq: ++this.regCseq,
      via: { transport: local.transport, host: local.host, port: local.port, branch: newBranch(), rport: true },
      contact: `<sip:${this.id}@${local.host}:${local.port}>`,
      userAgent: USER_AGENT,
      headers,
    });
  }

  /** REGISTER, answering one digest challenge; a second challenge means the password is wrong. */
  private async register(expires: number): Promise<RegisterOutcome> {
    const uri = `sip:${this.ctx.opts.platformId}@${this.ctx.opts.domain}`;
    let auth: [string, string] | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await this.sendRequest(this.buildRegister(uri, expires, auth));
      if (res === undefined) return { kind: 'failed' };
      if (res.status >= 200 && res.status < 300) return { kind: 'ok', res };
      const proxy = res.status === 407;
      const challenge = getHeader(res, proxy ? 'proxy-authenticate' : 'www-authenticate');
      if ((res.status !== 401 && !proxy) || challenge === undefined || attempt > 0) {
        return { kind: 'failed', status: res.status };
      }
      const { id: username } = this;
      const answer = digestAuthorization({
        challenge,
        method: 'REGISTER',
        uri,
        username,
        password: this.ctx.opts.password,
      });
      if (!answer.ok) return { kind: 'failed', status: res.status };
      auth = [proxy ? 'Proxy-Authorization' : 'Authorization', answer.value];
    }
    return { kind: 'failed' };
  }

  private async runRegister(): Promise<void> {
    if (this.stopped) return;
    if (this.tcp !== undefined && !this.tcp.isConnected) return; // the reconnect re-registers
    const epoch = ++this.epoch;
    this.registerTimer?.cancel();
    const out = await this.register(this.expires);
    if (epoch !== this.epoch || this.stopped) return;
    if (out.kind === 'ok') this.onRegistered(out.res);
    else this.onRegisterFailed(out.status);
  }

  private onRegistered(res: SipResponse): void {
    const expires = grantedExpires(res, this.expires);
    const serverDate = parseSipDate(getHeader(res, 'date'));
    if (serverDate !== undefined) this.clockOffsetMs = serverDate.getTime() - Date.now();
    this.missedKeepalives = 0;
    const first = !this.registered;
    this.setRegistered(true);
    this.registerTimer = this.ctx.scheduler.after((expires * 1000 * 2) / 3, () =>
      this.background(this.runRegister(), 'REGISTER'),
    );
    if (this.keepaliveTimer === undefined) {
      // Phases spread evenly over one interval, so a fleet's keepalives do not arrive together.
      const o = this.ctx.opts;
      this.scheduleKeepalive((this.keepaliveSeconds * 1000 * this.index) / o.count);
    }
    if (first) this.ctx.emit('registered', { deviceId: this.id, expires, serverDate });
  }

  private onRegisterFailed(status: number | undefined): void {
    this.setRegistered(false);
    this.ctx.counters.registerFailures++;
    const why = status === undefined ? 'no answer' : `status ${status}`;
    this.ctx.opts.log(`${this.id}: REGISTER failed (${why}); retrying in ${this.ctx.opts.retrySeconds} s`);
    this.registerTimer = this.ctx.scheduler.after(this.ctx.opts.retrySeconds * 1000, () =>
      this.background(this.runRegister(), 'REGISTER'),
    );
  }

  private setRegistered(value: boolean): void {
    this.registered = value;
    if (!value) {
      this.keepaliveTimer?.cancel();
      this.keepaliveTimer = undefined;
    }
  }

  private scheduleKeepalive(delayMs: number): void {
    this.keepaliveTimer?.cancel();
    this.keepaliveTimer = this.ctx.scheduler.after(delayMs, () => this.background(this.keepalive(), 'keepalive'));
  }

  private async keepalive(): Promise<void> {
    this.scheduleKeepalive(this.keepaliveSeconds * 1000);
    if (!this.registered) return;
    const epoch = this.epoch;
    this.ctx.counters.keepalivesSent++;
    const sentAt = performance.now();
    const res = await this.sendMessage(
      keepaliveNotify({ sn: this.nextSn(), deviceId: this.id, status: 'OK' }),
      'UTF-8',
    );
    if (epoch !== this.epoch || this.stopped) return;
    if (res !== undefined && res.status < 300) {
      this.ctx.keepaliveLatency.record(performance.now() - sentAt);
      this.missedKeepalives = 0;
      return;
    }
    if (res === undefined && ++this.missedKeepalives < MISSED_KEEPALIVES_BEFORE_REREGISTER) return;
    // The platform forgot us (4xx) or stopped answering: register again.
    this.ctx.opts.log(
      `${this.id}: keepalive ${res === undefined ? 'unanswered' : `got ${res.status}`}; re-registering`,
    );
    this.missedKeepalives = 0;
    this.setRegistered(false);
    this.background(this.runRegister(), 'REGISTER');
  }

  private async rebootNow(): Promise<void> {
    if (this.stopped) return;
    const epoch = ++this.epoch;
    this.cancelTimers();
    this.calls.endAll('reboot');
    if (this.registered) await this.register(0);
    if (epoch !== this.epoch || this.stopped) return;
    this.setRegistered(false);
    this.regCallId = newCallId(this.ctx.opts.bindHost);
    this.regTag = newTag();
    this.registerTimer = this.ctx.scheduler.after(REBOOT_DOWNTIME_MS, () =>
      this.background(this.runRegister(), 'REGISTER'),
    );
  }

  private cancelTimers(): void {
    this.registerTimer?.cancel();
    this.registerTimer = undefined;
    this.keepaliveTimer?.cancel();
    this.keepaliveTimer = undefined;
  }
}
