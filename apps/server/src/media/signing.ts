// Signed URLs: an HMAC over what they open and until when. The media routes also bind them to the
// session that asked (its id is in the signed text, never the token), and a WebSocket URL carries a
// nonce that opens it once (UsedNonces).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export class UrlSigner {
  constructor(private readonly secret: Buffer = randomBytes(32)) {}

  sign(scope: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${scope}\n${expiresAt}`).digest('base64url');
  }

  /** The signature is right, whatever the time: callers that also accept a URL past its expiry check that themselves. */
  matches(scope: string, expiresAt: number, signature: string): boolean {
    if (!Number.isSafeInteger(expiresAt)) return false;
    const expected = Buffer.from(this.sign(scope, expiresAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  verify(scope: string, expiresAt: number, signature: string, now: number): boolean {
    return Number.isSafeInteger(expiresAt) && expiresAt >= now && this.matches(scope, expiresAt, signature);
  }
}

/** 128 random bits, URL-safe: what makes one signed URL differ from every other. */
export const newNonce = (): string => randomBytes(16).toString('base64url');

/**
 * Nonces of URLs already opened, each kept until its URL expires (after that the signature refuses
 * it anyway). take() checks and records in one synchronous step, so of two opens racing for one URL
 * exactly one wins. Only nonces of correctly signed URLs reach it, so its size is bounded by the
 * URLs handed out in one URL lifetime.
 */
export class UsedNonces {
  private readonly until = new Map<string, number>();

  /** True the first time a nonce is taken (until `expiresAt`), false ever after. */
  take(nonce: string, expiresAt: number): boolean {
    if (this.until.has(nonce)) return false;
    this.until.set(nonce, expiresAt);
    return true;
  }

  /** Forgets nonces whose URLs have expired. */
  prune(now: number): void {
    for (const [nonce, expiresAt] of this.until) if (expiresAt < now) this.until.delete(nonce);
  }

  get size(): number {
    return this.until.size;
  }
}
