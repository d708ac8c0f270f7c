// Sealing stored secrets: AES-256-GCM round trips, fresh IVs, and a loud failure on anything altered.
import { createSecretKey, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, parseSecretKey, SecretError } from './secrets.js';

const key = createSecretKey(randomBytes(32));

/** A sealed value with one character of its base64url body replaced. */
function edited(sealed: string, at: number): string {
  const i = 3 + at;
  const swap = sealed[i] === 'A' ? 'B' : 'A';
  return `${sealed.slice(0, i)}${swap}${sealed.slice(i + 1)}`;
}

describe('encryptSecret and decryptSecret', () => {
  it('round-trips a secret, including non-ASCII and empty text', () => {
    for (const plain of ['cam-pass-42', '摄像机密码 ✓', '', 'x'.repeat(64)]) {
      expect(decryptSecret(key, encryptSecret(key, plain))).toBe(plain);
    }
  });

  it('writes a versioned value that does not contain the plain text, fresh for every write', () => {
    const a = encryptSecret(key, 'cam-pass-42');
    const b = encryptSecret(key, 'cam-pass-42');
    expect(a).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('cam-pass-42');
    expect(a).not.toBe(b);
    // IV, tag and ciphertext: 12 + 16 + 11 bytes.
    expect(Buffer.from(a.slice(3), 'base64url')).toHaveLength(12 + 16 + 11);
  });

  it('refuses a value altered anywhere: IV, tag, ciphertext, length', () => {
    const sealed = encryptSecret(key, 'cam-pass-42');
    const body = sealed.length - 3;
    // First character (IV), the 20th (tag), the second to last (ciphertext); then cut short and grown.
    for (const bad of [
      edited(sealed, 0),
      edited(sealed, 20),
      edited(sealed, body - 2),
      sealed.slice(0, -4),
      `${sealed}AAAA`,
      'v1:',
      'v1:not base64!',
    ]) {
      expect(() => decryptSecret(key, bad), bad).toThrow(SecretError);
    }
  });

  it('refuses a value sealed under another key', () => {
    const sealed = encryptSecret(createSecretKey(randomBytes(32)), 'cam-pass-42');
    expect(() => decryptSecret(key, sealed)).toThrow(/wrong key or damaged value/);
  });

  it('refuses a scheme it does not know rather than take it for plain text', () => {
    expect(() => decryptSecret(key, 'v2:AAAA')).toThrow(/unknown scheme v2/);
  });

  it('reads a value stored before sealing as the plain text it is', () => {
    expect(decryptSecret(key, 'legacy-pass')).toBe('legacy-pass');
    expect(decryptSecret(key, 'v1-no-colon')).toBe('v1-no-colon');
  });
});

describe('parseSecretKey', () => {
  const bytes = randomBytes(32);

  it('reads 32 bytes as 64 hex digits or base64 in either alphabet, padded or not', () => {
    for (const text of [
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      bytes.toString('base64'),
      bytes.toString('base64url'),
      `${bytes.toString('base64')}\n`,
    ]) {
      expect(parseSecretKey(text)?.equals(bytes), text).toBe(true);
    }
  });

  it('refuses anything that is not exactly 32 bytes well encoded', () => {
    const canonical = Buffer.alloc(32).toString('base64url'); // 43 × 'A'
    for (const text of [
      '',
      'secret',
      bytes.toString('hex').slice(1),
      `${bytes.toString('hex')}0`,
      randomBytes(31).toString('base64'),
      randomBytes(33).toString('base64'),
      // The last character's two spare bits set: not any key's encoding.
      `${canonical.slice(0, 42)}B`,
      `${bytes.toString('base64').slice(0, 40)}!!!=`,
    ]) {
      expect(parseSecretKey(text), text).toBeUndefined();
    }
  });
});
