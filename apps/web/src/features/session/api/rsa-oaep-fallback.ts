// RSA-OAEP (SHA-256, MGF1-SHA-256, empty label) by node-forge, for pages served over plain http from a LAN address,
// where browsers hide WebCrypto's `subtle` (secure contexts only). Same output as WebCrypto (RFC 8017 §7.1).
// Loaded only there (a dynamic import in rsa.ts), so the library never weighs on a secure sign-in.
import forge from 'node-forge';

/** Encrypts `message` under an SPKI (DER) RSA public key; a message too long for the key throws. */
export function oaepEncrypt(spki: Uint8Array, message: Uint8Array): Uint8Array {
  const key = forge.pki.publicKeyFromAsn1(forge.asn1.fromDer(toBinary(spki))) as forge.pki.rsa.PublicKey;
  const cipher = key.encrypt(toBinary(message), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return Uint8Array.from(cipher, (c) => c.charCodeAt(0));
}

/** forge works on "binary strings": one char per byte. */
function toBinary(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return binary;
}
