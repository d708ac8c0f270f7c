// REGISTER: digest authentication (a known device's own password; an unknown one the enrolment secret
// of the enterprise holding its regional code), refresh and unregister, auto-enrol into that
// enterprise's area with the proven secret as the device's own password, and the 200 with Date so
// devices can set their clocks.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  buildResponse,
  digestChallenge,
  getHeader,
  parseDigestCredentials,
  parseNameAddr,
  parseSipUri,
  verifyDigest,
  type DigestCredentials,
  type SipRequest,
} from '@svc/gb28181';
import { encryptSecret } from '../../crypto/secrets.js';
import { Batcher } from '../../db/batcher.js';
import type { GatewayContext } from './context.js';
import type { OnlineRow } from './devices.js';
import { devTypeOf, gatewayRepo, type KnownDevice } from './repo.js';
import type { Peer } from './transport.js';

/** A challenge is good for this long; the nonce carries its own time, so nothing is stored per challenge. */
const NONCE_TTL_MS = 5 * 60_000;
const DEFAULT_EXPIRES = 3600;
const MAX_EXPIRES = 7 * 86_400;

export class Registrar {
  private readonly secret = randomBytes(32);
  private readonly lookups: Batcher<string, KnownDevice | undefined>;
  private readonly onlines: Batcher<OnlineRow, undefined>;
  /** REGISTERs (Call-ID + CSeq) being handled: a UDP retransmission of one is absorbed, not run again. */
  private readonly inFlight = new Set<string>();

  constructor(private readonly ctx: GatewayContext) {
    this.lookups = new Batcher((codes) => gatewayRepo.findManyByGbCode(ctx.db, ctx.secretKey, codes));
    this.onlines = new Batcher(async (rows) => {
      await ctx.devices.markOnline(rows);
      return rows.map(() => undefined);
    });
  }

  async handle(req: SipRequest, peer: Peer): Promise<void> {
    const reply = (status: number, reason?: string, headers?: [string, string][]) =>
      this.ctx.transport.send(buildResponse(req, status, reason, headers ? { headers } : {}), peer);

    const gbCode = deviceIdOf(req);
    if (!gbCode) return reply(400, 'Bad From');
    const expires = expiresOf(req);
    if (expires === undefined) return reply(400, 'Bad Expires');

    const authorization = getHeader(req, 'authorization');
    if (!authorization) return this.challenge(req, peer);
    const creds = parseDigestCredentials(authorization);
    if (!creds.ok || !this.nonceValid(creds.value.nonce)) return this.challenge(req, peer);

    const transaction = `${getHeader(req, 'call-id') ?? ''} ${getHeader(req, 'cseq') ?? ''}`;
    if (this.inFlight.has(transaction)) return;
    this.inFlight.add(transaction);
    try {
      await this.authorised(req, peer, gbCode, expires, creds.value, reply);
    } finally {
      this.inFlight.delete(transaction);
    }
  }

  private async authorised(
    req: SipRequest,
    peer: Peer,
    gbCode: string,
    expires: number,
    creds: DigestCredentials,
    reply: (status: number, reason?: string, headers?: [string, string][]) => void,
  ): Promise<void> {
    let device: KnownDevice | undefined = await this.lookups.add(gbCode);
    const enrol = device ? undefined : await gatewayRepo.autoEnrolFor(this.ctx.db, this.ctx.secretKey, gbCode);
    if (!device && !enrol) {
      this.ctx.log.info({ gbCode, peer: `${peer.address}:${peer.port}` }, 'register from an unknown device refused');
      return reply(403, 'Forbidden');
    }
    // A known device proves its own password; an unknown one the enrolment secret of the enterprise
    // holding its regional code. The platform-wide password never enrols a device: every enterprise
    // could know it. It still serves a known device stored with an empty password, which only an
    // operator can make (the console wants one).
    const own = device ? device.password : enrol!.secret;
    if (own === null) {
      // Never fall back to another password: the device or the enterprise has one we cannot read.
      this.ctx.log.error({ gbCode, enrol: !device }, 'register failed: the stored password cannot be decrypted');
      return reply(500, 'Server Internal Error');
    }
    const password = device ? own || this.ctx.settings.password : own;
    if (creds.realm !== this.ctx.settings.domain || !password || !verifyDigest(creds, 'REGISTER', password)) {
      this.ctx.log.info({ gbCode }, 'register with a wrong password refused');
      return reply(403, 'Forbidden');
    }

    if (expires === 0) {
      this.ctx.registry.remove(gbCode, 'unregistered');
      return reply(200, 'OK', [['Expires', '0']]);
    }
    // Its password is the secret it proved, sealed: its own from now on, whatever becomes of the secret.
    device ??= {
      ...(await this.ctx.devices.enrol({
        enterpriseId: enrol!.enterpriseId,
        projectId: enrol!.projectId,
        gbCode,
        devType: devTypeOf(gbCode)!,
        password: encryptSecret(this.ctx.secretKey, password),
      })),
      password,
    };

    const at = this.ctx.now();
    const expiresAt = at + expires * 1000;
    // Persist before answering: a device told "registered" is online in the database too.
    await this.onlines.add({
      id: device.id,
      transport: peer.transport,
      address: peer.address,
      port: peer.port,
      expiresAt: new Date(expiresAt),
      at: new Date(at),
    });
    this.ctx.registry.register({
      gbCode,
      deviceId: device.id,
      enterpriseId: device.enterprise_id,
      devType: device.dev_type,
      peer,
      expiresAt,
      keepaliveInterval: device.keepalive_interval,
    });
    reply(200, 'OK', [
      ['Expires', String(expires)],
      ['Date', gbDate(new Date(at))],
    ]);
  }

  private challenge(req: SipRequest, peer: Peer): void {
    const res = buildResponse(req, 401, 'Unauthorized', {
      headers: [['WWW-Authenticate', digestChallenge(this.ctx.settings.domain, this.nonce())]],
    });
    this.ctx.transport.send(res, peer);
  }

  private nonce(): string {
    const t = this.ctx.now().toString(16);
    return `${t}.${this.mac(t)}`;
  }

  private nonceValid(nonce: string): boolean {
    const [t, mac] = nonce.split('.');
    if (!t || !mac || !/^[0-9a-f]+$/.test(t)) return false;
    const expected = Buffer.from(this.mac(t));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const age = this.ctx.now() - parseInt(t, 16);
    return age >= 0 && age <= NONCE_TTL_MS;
  }

  private mac(t: string): string {
    return createHmac('sha256', this.secret).update(t).digest('hex').slice(0, 32);
  }
}

/** The registering device's 20-digit ID, from the From (or To) URI user part. */
export function deviceIdOf(req: SipRequest): string | undefined {
  for (const name of ['from', 'to']) {
    const addr = parseNameAddr(getHeader(req, name) ?? '');
    if (!addr.ok) continue;
    const uri = parseSipUri(addr.value.uri);
    if (uri.ok && uri.value.user && /^\d{20}$/.test(uri.value.user)) return uri.value.user;
  }
  return undefined;
}

function expiresOf(req: SipRequest): number | undefined {
  const header = getHeader(req, 'expires');
  let raw = header?.trim();
  if (raw === undefined) {
    const contact = parseNameAddr(getHeader(req, 'contact') ?? '');
    raw = contact.ok ? contact.value.params.get('expires') : undefined;
  }
  if (raw === undefined) return DEFAULT_EXPIRES;
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  return Math.min(Number(raw), MAX_EXPIRES);
}

/** GB/T 28181 wants local time without zone, milliseconds included: 2026-11-22T08:00:00.000 */
function gbDate(d: Date): string {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 23);
}
