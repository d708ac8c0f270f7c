// Test support: a minimal GB28181 platform on real UDP and TCP sockets, built only from @svc/gb28181.
import dgram from 'node:dgram';
import net from 'node:net';
import {
  buildInviteSdp,
  buildRequest,
  buildResponse,
  decodeManscdp,
  digestChallenge,
  encodeBody,
  getHeader,
  MANSCDP_CONTENT_TYPE,
  newBranch,
  newCallId,
  newTag,
  parseDigestCredentials,
  parseSipMessage,
  serializeSip,
  SipStreamParser,
  verifyDigest,
  type ManscdpMessage,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from '@svc/gb28181';

export const PLATFORM_ID = '34020000002000000001';
export const DOMAIN = '3402000000';

type Send = (buf: Buffer) => void;

export interface Received {
  req: SipRequest;
  from: string;
  at: number;
  manscdp?: ManscdpMessage;
  branch?: string;
}

function branchOf(msg: SipMessage): string | undefined {
  return /branch=([^;\s]+)/.exec(getHeader(msg, 'via') ?? '')?.[1];
}

function userOf(header: string | undefined): string {
  return /sip:(\d+)@/.exec(header ?? '')?.[1] ?? '';
}

export async function until<T>(what: string, probe: () => T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export class FakePlatform {
  readonly received: Received[] = [];
  readonly challenges = new Map<string, number>();
  /** Passwords by device ID; others use `password`. */
  readonly passwords = new Map<string, string>();
  /** Datagrams or messages from a device dropped before any processing (to test retransmission). */
  dropNextKeepalives = 0;
  private readonly routes = new Map<string, Send>();
  private readonly pending = new Map<string, (res: SipResponse) => void>();
  private udp: dgram.Socket | undefined;
  private tcp: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    readonly transport: 'udp' | 'tcp',
    public password: string,
  ) {}

  async listen(): Promise<void> {
    if (this.transport === 'udp') {
      const udp = dgram.createSocket('udp4');
      udp.on('message', (buf, rinfo) => {
        const parsed = parseSipMessage(buf);
        if (parsed.ok) this.onMessage(parsed.value, (out) => udp.send(out, rinfo.port, rinfo.address));
      });
      await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
      this.udp = udp;
      this.port = udp.address().port;
      return;
    }
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      const parser = new SipStreamParser();
      socket.on('data', (chunk) => {
        for (const r of parser.push(chunk)) if (r.ok) this.onMessage(r.value, (out) => socket.write(out));
      });
      socket.on('error', () => undefined);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.tcp = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve()));
  }

  /** Drops every TCP connection a device made (simulates a platform restart of the signalling side). */
  dropConnections(): void {
    for (const s of this.sockets) s.destroy();
  }

  requests(method: string, deviceId?: string): Received[] {
    return this.received.filter(
      (r) => r.req.method === method && (deviceId === undefined || userOf(getHeader(r.req, 'from')) === deviceId),
    );
  }

  manscdp(cmdType: string, deviceId?: string, root = 'Response'): Received[] {
    return this.requests('MESSAGE', deviceId).filter((r) => r.manscdp?.cmdType === cmdType && r.manscdp.root === root);
  }

  /** Sends a request to a device (over the path its REGISTER came on) and answers its final response. */
  request(deviceId: string, req: SipRequest): Promise<SipResponse> {
    const send = this.routes.get(deviceId);
    if (send === undefined) throw new Error(`no route to ${deviceId}`);
    const branch = branchOf(req) ?? '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${req.method} to ${deviceId} unanswered`)), 5000);
      this.pending.set(branch, (res) => {
        clearTimeout(timer);
        resolve(res);
      });
      send(serializeSip(req));
    });
  }

  /** Fire-and-forget (ACK). */
  send(deviceId: string, req: SipRequest): void {
    this.routes.get(deviceId)?.(serializeSip(req));
  }

  newRequest(
    method: string,
    targetId: string,
    opts: { body?: Buffer; contentType?: string; callId?: string; toTag?: string; cseq?: number } = {},
  ): SipRequest {
    return buildRequest({
      method,
      uri: `sip:${targetId}@${DOMAIN}`,
      from: { uri: `sip:${PLATFORM_ID}@${DOMAIN}`, tag: 'platformtag' },
      to: { uri: `sip:${targetId}@${DOMAIN}`, tag: opts.toTag },
      callId: opts.callId ?? newCallId('127.0.0.1'),
      cseq: opts.cseq ?? 1,
      via: {
        transport: this.transport === 'udp' ? 'UDP' : 'TCP',
        host: '127.0.0.1',
        port: this.port,
        branch: newBranch(),
      },
      contact: `sip:${PLATFORM_ID}@127.0.0.1:${this.port}`,
      body: opts.body,
      contentType: opts.contentType,
    });
  }

  /** An INVITE for `channelId` whose SDP offers media on 127.0.0.1 as `offer` says. */
  inviteRequest(
    channelId: string,
    offer: Omit<Parameters<typeof buildInviteSdp>[0], 'channelId' | 'platformId' | 'ip'>,
  ): SipRequest {
    const sdp = buildInviteSdp({ channelId, platformId: PLATFORM_ID, ip: '127.0.0.1', ...offer });
    return this.newRequest('INVITE', channelId, { body: Buffer.from(sdp), contentType: 'APPLICATION/SDP' });
  }

  manscdpRequest(targetId: string, xml: string): SipRequest {
    return this.newRequest('MESSAGE', targetId, { body: encodeBody(xml, 'UTF-8'), contentType: MANSCDP_CONTENT_TYPE });
  }

  private onMessage(msg: SipMessage, reply: Send): void {
    if (msg.kind === 'response') {
      const branch = branchOf(msg) ?? '';
      if (msg.status >= 200) this.pending.get(branch)?.(msg);
      return;
    }
    const deviceId = userOf(getHeader(msg, 'from'));
    const decoded = msg.method === 'MESSAGE' ? decodeManscdp(msg.body) : undefined;
    const manscdp = decoded?.ok ? decoded.value : undefined;
    if (manscdp?.cmdType === 'Keepalive' && this.dropNextKeepalives > 0) {
      this.dropNextKeepalives--;
      this.received.push({ req: msg, from: deviceId, at: Date.now(), manscdp, branch: `dropped:${branchOf(msg)}` });
      return;
    }
    this.received.push({ req: msg, from: deviceId, at: Date.now(), manscdp, branch: branchOf(msg) });
    const respond = (res: SipResponse): void => reply(serializeSip(res));
    if (msg.method === 'REGISTER') {
      this.routes.set(deviceId, reply);
      respond(this.register(msg, deviceId));
    } else if (msg.method !== 'ACK') {
      respond(buildResponse(msg, 200, 'OK', { toTag: newTag() }));
    }
  }

  private register(req: SipRequest, deviceId: string): SipResponse {
    const authorization = getHeader(req, 'authorization');
    if (authorization === undefined) {
      this.challenges.set(deviceId, (this.challenges.get(deviceId) ?? 0) + 1);
      const nonce = `n${Date.now()}${Math.random().toString(16).slice(2)}`;
      return buildResponse(req, 401, 'Unauthorized', {
        toTag: newTag(),
        headers: [['WWW-Authenticate', digestChallenge(DOMAIN, nonce)]],
      });
    }
    const creds = parseDigestCredentials(authorization);
    const password = this.passwords.get(deviceId) ?? this.password;
    if (!creds.ok || creds.value.username !== deviceId || !verifyDigest(creds.value, 'REGISTER', password)) {
      return buildResponse(req, 403, 'Forbidden', { toTag: newTag() });
    }
    return buildResponse(req, 200, 'OK', {
      toTag: newTag(),
      headers: [
        ['Expires', getHeader(req, 'expires') ?? '3600'],
        ['Date', '2024-05-01T12:00:00.000'],
      ],
    });
  }
}
