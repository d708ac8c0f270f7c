// RSA-OAEP (SHA-256) in plain TypeScript for pages served over plain http from a LAN address, where
// browsers hide WebCrypto's `subtle` (secure contexts only). Same output format as WebCrypto (RFC 8017 §7.1).

const H_LEN = 32;

/** Encrypts `message` under an SPKI (DER) RSA public key with OAEP, SHA-256, MGF1-SHA-256 and an empty label. */
export function oaepEncrypt(spki: Uint8Array, message: Uint8Array): Uint8Array {
  const { n, e } = readSpki(spki);
  const k = Math.ceil(n.toString(16).length / 2);
  if (message.length > k - 2 * H_LEN - 2) throw new Error('message too long for the RSA key');
  const lHash = sha256(new Uint8Array(0));
  const db = new Uint8Array(k - H_LEN - 1);
  db.set(lHash, 0);
  db[db.length - message.length - 1] = 0x01;
  db.set(message, db.length - message.length);
  const seed = crypto.getRandomValues(new Uint8Array(H_LEN));
  const maskedDb = xor(db, mgf1(seed, db.length));
  const maskedSeed = xor(seed, mgf1(maskedDb, H_LEN));
  const em = new Uint8Array(k);
  em.set(maskedSeed, 1);
  em.set(maskedDb, 1 + H_LEN);
  return toBytes(modPow(fromBytes(em), e, n), k);
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  for (let counter = 0, offset = 0; offset < length; counter++, offset += H_LEN) {
    new DataView(input.buffer).setUint32(seed.length, counter);
    out.set(sha256(input).subarray(0, Math.min(H_LEN, length - offset)), offset);
  }
  return out;
}

function xor(a: Uint8Array, b: Uint8Array): Uint8Array {
  return a.map((v, i) => v ^ b[i]!);
}

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  for (let x = exponent; x > 0n; x >>= 1n) {
    if (x & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

function fromBytes(bytes: Uint8Array): bigint {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex ? BigInt(`0x${hex}`) : 0n;
}

function toBytes(value: bigint, length: number): Uint8Array {
  const hex = value.toString(16).padStart(length * 2, '0');
  return Uint8Array.from({ length }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

/** Minimal DER walk of SubjectPublicKeyInfo → RSAPublicKey { n, e }. */
function readSpki(der: Uint8Array): { n: bigint; e: bigint } {
  const spki = readTlv(der, 0);
  const algorithm = readTlv(der, spki.start);
  const bitString = readTlv(der, algorithm.end);
  // BIT STRING content starts with the count of unused bits (0).
  const rsaKey = readTlv(der, bitString.start + 1);
  const n = readTlv(der, rsaKey.start);
  const e = readTlv(der, n.end);
  return { n: fromBytes(der.subarray(n.start, n.end)), e: fromBytes(der.subarray(e.start, e.end)) };
}

function readTlv(der: Uint8Array, offset: number): { start: number; end: number } {
  let length = der[offset + 1]!;
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i]!;
    start += bytes;
  }
  return { start, end: start + length };
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** SHA-256 (FIPS 180-4). */
export function sha256(data: Uint8Array): Uint8Array {
  const bitLength = data.length * 8;
  const padded = new Uint8Array(Math.ceil((data.length + 9) / 64) * 64);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 2 ** 32));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v) >>> 0));
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  h.forEach((v, i) => outView.setUint32(i * 4, v));
  return out;
}

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}
