// Secrets the platform must read back (SIP digest passwords: HA1 needs the plain text), sealed at rest
// with AES-256-GCM under a key kept outside the database, so a dump alone does not reveal them.
import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';

/** The scheme of values this code writes; a later key or cipher takes the next number. */
const SCHEME = 'v1:';
/** GCM's native nonce size (NIST SP 800-38D §8.2): random per value, never reused under one key. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** `v<n>:` marks a sealed value; a value without it was stored before sealing and is plaintext. */
const VERSIONED = /^v\d+:/;
/** The same test in SQL, for finding plaintext rows (`!~`): keep the two in step. */
export const VERSIONED_SQL_PATTERN = '^v[0-9]+:';
const BASE64URL = /^[A-Za-z0-9_-]+$/;

declare const sealed: unique symbol;
/** What encryptSecret made: the only form in which a secret column may be written. */
export type SealedSecret = string & { readonly [sealed]: true };

/** A stored secret that cannot be read: damaged, stored under another key, or of an unknown scheme. */
export class SecretError extends Error {}

export function encryptSecret(key: KeyObject, plain: string): SealedSecret {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SCHEME}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}` as SealedSecret;
}

/** The plain text of a stored secret; legacy plaintext is answered as is. Throws SecretError, never garbage. */
export function decryptSecret(key: KeyObject, stored: string): string {
  if (!VERSIONED.test(stored)) return stored;
  if (!stored.startsWith(SCHEME)) {
    throw new SecretError(`stored secret of unknown scheme ${stored.slice(0, stored.indexOf(':'))}`);
  }
  const text = stored.slice(SCHEME.length);
  const raw = Buffer.from(text, 'base64url');
  // Node's decoder skips what is not base64url: insist on the canonical text, so no edit goes unseen.
  if (!BASE64URL.test(text) || raw.toString('base64url') !== text || raw.length < IV_BYTES + TAG_BYTES) {
    throw damaged();
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw damaged();
  }
}

const damaged = () => new SecretError('stored secret cannot be decrypted: wrong key or damaged value');

/** A 256-bit key written as 64 hex digits or base64 (either alphabet, padding optional); else undefined. */
export function parseSecretKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) return undefined;
  const key = Buffer.from(t, 'base64');
  // 43 characters carry 258 bits: the last two must be zero, or the text is not a key's encoding.
  const canonical = t.replace(/=$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return key.length === 32 && key.toString('base64url') === canonical ? key : undefined;
}

/** A new key in the text form SECRET_KEY takes. */
export function newSecretKeyText(): string {
  return randomBytes(32).toString('base64');
}
