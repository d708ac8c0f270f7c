// Passwords encrypted in the browser must decrypt on the server with OAEP-SHA-256 (Node's privateDecrypt), both paths.
import { constants, createHash, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptWithSubtle, pemToDer, toBase64 } from './rsa';
import { oaepEncrypt, sha256 } from './rsa-oaep-fallback';

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

  it('the fallback SHA-256 matches the standard one across block boundaries', () => {
    for (const length of [0, 3, 55, 56, 63, 64, 65, 200]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 7) & 0xff);
      expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
});
