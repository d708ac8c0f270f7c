// Stream URLs are signed and short-lived: an HMAC over what they open and until when, so the media
// routes need no session and a leaked URL is worth little.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export class UrlSigner {
  constructor(private readonly secret: Buffer = randomBytes(32)) {}

  sign(scope: string, expiresAt: number): string {
    return createHmac('sha256', this.secret).update(`${scope}\n${expiresAt}`).digest('base64url');
  }

  verify(scope: string, expiresAt: number, signature: string, now: number): boolean {
    if (!Number.isSafeInteger(expiresAt) || expiresAt < now) return false;
    const expected = Buffer.from(this.sign(scope, expiresAt));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
