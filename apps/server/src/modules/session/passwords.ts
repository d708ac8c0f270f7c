// Password hashing (argon2id) and the RSA-OAEP key that protects passwords in transit (architecture §4).
import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { rsaKeyRepo } from './repo.js';

// OWASP baseline for argon2id (m = 19 MiB, t = 2, p = 1): ≈ 75 ms a hash on this machine.
// `algorithm: 2` is Algorithm.Argon2id, a const enum that isolated modules cannot read.
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the time of a real check (argon2 against a fixed hash), so an unknown name answers as slowly
 * as a wrong password; answers false.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  await verifyPassword(await dummyHash, password);
  return false;
}

export type PasswordCipher = {
  publicPem: string;
  /** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext; a bad one is a 4000 naming the field. */
  decrypt(field: string, base64: string): string;
};

/** Loads the platform's RSA key, creating it once; every process of a deployment shares it. */
export async function loadPasswordCipher(db: Db): Promise<PasswordCipher> {
  let row = await rsaKeyRepo.oldest(db);
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    await rsaKeyRepo.insert(db, publicKey, privateKey);
    // Two processes starting at once may both insert: the oldest row wins for everyone.
    row = await rsaKeyRepo.oldest(db);
    if (!row) throw new Error('the RSA key just stored cannot be read back');
  }
  const { public_pem: publicPem, private_pem: privatePem } = row;
  return {
    publicPem,
    decrypt(field, base64) {
      try {
        const plain = privateDecrypt(
          { key: privatePem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(base64, 'base64'),
        ).toString('utf8');
        if (plain.length === 0 || plain.length > 256) throw new Error('implausible length');
        return plain;
      } catch {
        throw AppError.param(field, 'validation.decrypt');
      }
    },
  };
}
