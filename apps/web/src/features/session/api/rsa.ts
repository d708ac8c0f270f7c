// Every password travels encrypted (SPEC §7 Auth, architecture §4): RSA-OAEP-256 under the key from /rsa/getkey, then base64.
import { api } from '@/lib/api/client';

/** Fetches a fresh key (the server may rotate it) and encrypts; the result goes in the password field as is. */
export async function encryptPassword(password: string, username?: string): Promise<string> {
  const { publicKey } = await api.get('/rsa/getkey', { username }, { quiet: true });
  return encryptWithPem(publicKey, password);
}

export async function encryptWithPem(pem: string, plain: string): Promise<string> {
  const spki = pemToDer(pem);
  const message = new TextEncoder().encode(plain);
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return toBase64(await encryptWithSubtle(subtle, spki, message));
  // Plain http on a LAN address: no WebCrypto there, so the same OAEP runs in script.
  const { oaepEncrypt } = await import('./rsa-oaep-fallback');
  return toBase64(oaepEncrypt(spki, message));
}

export async function encryptWithSubtle(
  subtle: SubtleCrypto,
  spki: Uint8Array,
  message: Uint8Array,
): Promise<Uint8Array> {
  const key = await subtle.importKey('spki', spki as BufferSource, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  return new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, key, message as BufferSource));
}

export function pemToDer(pem: string): Uint8Array {
  const body = pem.replace(/-----(BEGIN|END) [^-]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}
