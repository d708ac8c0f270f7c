// A GB28181 device made by hand on its own UDP socket, for tests that send what the simulator never
// would (retransmissions, bad input, impostors): it builds requests and registers with digest; what
// it makes of the platform's answers and requests is each test's own.
import dgram, { type RemoteInfo } from 'node:dgram';
import {
  buildRequest,
  digestAuthorization,
  getHeader,
  newBranch,
  newCallId,
  newTag,
  parseSipMessage,
  type SipRequest,
  type SipResponse,
} from '@svc/gb28181';

export const DOMAIN = '3402000000';
export const PLATFORM = '34020000002000000001';

type RequestFields = { body?: Buffer; contentType?: string; headers?: [string, string][] };

/** `Answer` is what asking gives: a final answer, or also none (a device that stops waiting). */
export abstract class HandmadeDevice<Answer extends SipResponse | undefined> {
  readonly socket = dgram.createSocket('udp4');
  cseq = 1;

  constructor(readonly id: string) {
    this.socket.on('message', (buf, rinfo) => {
      const m = parseSipMessage(buf);
      if (!m.ok) return;
      if (m.value.kind === 'request') this.onRequest(m.value, rinfo);
      else if (m.value.status >= 200) this.onAnswer(m.value);
    });
  }

  /** A final answer from the platform. */
  protected abstract onAnswer(answer: SipResponse): void;
  /** A request from the platform, which the device answers (or not). */
  protected abstract onRequest(request: SipRequest, from: RemoteInfo): void;
  /** Sends a request to the platform and answers its final answer. */
  protected abstract ask(request: SipRequest): Promise<Answer>;

  async open(): Promise<void> {
    await new Promise<void>((r) => this.socket.bind(0, '127.0.0.1', () => r()));
  }

  get port(): number {
    return this.socket.address().port;
  }

  /** A request from this device to the platform, with a new Call-ID and the next CSeq. */
  request(method: string, o: RequestFields = {}): SipRequest {
    return buildRequest({
      method,
      uri: `sip:${PLATFORM}@${DOMAIN}`,
      from: { uri: `sip:${this.id}@${DOMAIN}`, tag: newTag() },
      to: { uri: `sip:${method === 'REGISTER' ? this.id : PLATFORM}@${DOMAIN}` },
      callId: newCallId('127.0.0.1'),
      cseq: this.cseq++,
      via: { transport: 'UDP', host: '127.0.0.1', port: this.port, branch: newBranch() },
      contact: `<sip:${this.id}@127.0.0.1:${this.port}>`,
      ...o,
    });
  }

  /** REGISTER, and again with digest if the platform challenges it. */
  async register(password: string, expires = 3600): Promise<Answer> {
    const headers: [string, string][] = [['Expires', String(expires)]];
    const first = await this.ask(this.request('REGISTER', { headers }));
    if (first?.status !== 401) return first;
    const auth = digestAuthorization({
      challenge: getHeader(first, 'www-authenticate')!,
      method: 'REGISTER',
      uri: `sip:${PLATFORM}@${DOMAIN}`,
      username: this.id,
      password,
    });
    if (!auth.ok) throw new Error(auth.error);
    return this.ask(this.request('REGISTER', { headers: [...headers, ['Authorization', auth.value]] }));
  }

  close(): void {
    this.socket.close();
  }
}
