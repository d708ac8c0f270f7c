// Passwords encrypted in the browser must decrypt on the server with OAEP-SHA-256 (Node's privateDecrypt), both paths.
import { constants, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptWithPem, encryptWithSubtle, pemToDer, toBase64 } from './rsa';
import { oaepEncrypt } from './rsa-oaep-fallback';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const decrypt = (cipher: Uint8Array) =>
  privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, cipher).toString(
    'utf8',
  );
const password = 'Pa55w0rd!密码';

describe('password encryption', () => {
  it('WebCrypto RSA-OAEP-256 decrypts on the server', async () => {
    const cipher = await encryptWithSubtle(
      webcrypto.subtle as SubtleCrypto,
      pemToDer(publicKey),
      new TextEncoder().encode(password),
    );
    expect(cipher).toHaveLength(256);
    expect(decrypt(cipher)).toBe(password);
  });

  it('the script fallback for insecure contexts decrypts on the server too', () => {
    const cipher = oaepEncrypt(pemToDer(publicKey), new TextEncoder().encode(password));
    expect(cipher).toHaveLength(256);
    expect(decrypt(cipher)).toBe(password);
    // Random seed: two encryptions of one password differ.
    expect(toBase64(oaepEncrypt(pemToDer(publicKey), new TextEncoder().encode(password)))).not.toBe(toBase64(cipher));
  });

  it('the fallback decrypts on the server for every message length the key takes, and refuses a longer one', () => {
    // 2048-bit key, SHA-256: at most 256 - 2·32 - 2 = 190 bytes; the lengths cross SHA-256's 64-byte blocks.
    for (const length of [0, 3, 55, 56, 63, 64, 65, 190]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 7) & 0xff);
      const cipher = oaepEncrypt(pemToDer(publicKey), data);
      const plain = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        cipher,
      );
      expect(plain.toString('hex')).toBe(Buffer.from(data).toString('hex'));
    }
    expect(() => oaepEncrypt(pemToDer(publicKey), new Uint8Array(191))).toThrow();
  });

  it('a page without WebCrypto (plain http on a LAN address) loads the fallback and still sends a decryptable password', async () => {
    vi.stubGlobal('crypto', { getRandomValues: webcrypto.getRandomValues.bind(webcrypto) });
    expect(globalThis.crypto.subtle).toBeUndefined();
    const cipher = Buffer.from(await encryptWithPem(publicKey, password), 'base64');
    expect(cipher).toHaveLength(256);
    expect(decrypt(cipher)).toBe(password);
  });
});

afterEach(() => vi.unstubAllGlobals());
