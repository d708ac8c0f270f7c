// Start-up work on the database: on first start the platform enterprise and its main account; on
// every start, device secrets checked against the platform key, any still in plaintext sealed, and
// an enrolment secret issued to each regional configuration saved before they existed.
import { randomBytes, type KeyObject } from 'node:crypto';
import { passwordProblem } from '@svc/contracts';
import type { Config } from './config.js';
import { ConfigError } from './config.js';
import { keyError, type SecretKey } from './crypto/secret-key.js';
import { decryptSecret, encryptSecret, SecretError } from './crypto/secrets.js';
import type { Db } from './db/database.js';
import { sipPasswordRepo } from './gateway/gb28181/repo.js';
import { newEnrolmentSecret } from './modules/device/regional.js';
import { regionalRepo } from './modules/device/regional-repo.js';
import { deviceSecretRepo } from './modules/device/secret-repo.js';
import { PLATFORM_ENTERPRISE_NAME } from './modules/enterprise/platform-name.js';
import { enterpriseRepo } from './modules/enterprise/repo.js';
import { hashPassword } from './modules/session/passwords.js';

export type BootstrapResult =
  { created: false } | { created: true; loginName: string; generatedPassword: string | null };

/** A password that meets SPEC §5's strongest rule: 16 random characters plus one of each class. */
export function generatePassword(): string {
  const core = randomBytes(12).toString('base64url');
  return `${core}Aa1!`;
}

export async function bootstrapPlatform(db: Db, admin: Config['admin']): Promise<BootstrapResult> {
  if (await enterpriseRepo.anyUser(db)) return { created: false };
  if (admin.password !== undefined && passwordProblem(admin.password)) {
    throw new ConfigError(
      'bad setting CONSOLE_ADMIN_PASSWORD: 8–64 characters without spaces, at least 3 of digits, upper case, lower case and special characters',
    );
  }
  const password = admin.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await enterpriseRepo.createPlatform(db, PLATFORM_ENTERPRISE_NAME, {
    loginName: admin.loginName,
    passwordHash,
    email: admin.email ?? null,
  });
  return {
    created: true,
    loginName: admin.loginName,
    generatedPassword: admin.password === undefined ? password : null,
  };
}

/**
 * Stops the start when the key opens none of a few stored values: with another key every device
 * would fail to register one by one, far from the cause. One damaged row among good ones is that
 * device's problem (the registrar refuses it), not a reason to stop the platform.
 */
export async function checkSecretKey(db: Db, secret: SecretKey): Promise<void> {
  const [setting, devices, enrolment] = await Promise.all([
    sipPasswordRepo.get(db, { sealed: true }),
    deviceSecretRepo.sealed(db, 8),
    regionalRepo.sealedSecrets(db, 4),
  ]);
  const samples = [...(setting !== undefined ? [{ value: setting }] : []), ...devices, ...enrolment];
  const opens = (stored: string) => {
    try {
      decryptSecret(secret.key, stored);
      return true;
    } catch (err) {
      if (err instanceof SecretError) return false;
      throw err;
    }
  };
  if (samples.length > 0 && !samples.some((s) => opens(s.value))) {
    throw keyError(
      secret,
      'does not decrypt the device passwords in the database; restore the key they were stored under',
    );
  }
}

/**
 * Seals the default SIP password and device passwords stored before secrets were sealed; answers how
 * many it sealed. Idempotent, and one scan when there is nothing left. Each write is a compare-and-set
 * on the old value, so a password another process changed meanwhile is kept.
 */
export async function sealPlaintextSecrets(db: Db, key: KeyObject, batch = 1000): Promise<number> {
  let sealed = 0;
  const setting = await sipPasswordRepo.get(db, { sealed: false });
  if (setting !== undefined && (await sipPasswordRepo.replace(db, setting, encryptSecret(key, setting)))) sealed++;
  for (let after = 0; ;) {
    const rows = await deviceSecretRepo.plaintext(db, after, batch);
    if (rows.length === 0) break;
    sealed += await deviceSecretRepo.seal(
      db,
      rows.map((r) => ({ id: r.id, old: r.password, sealed: encryptSecret(key, r.password) })),
    );
    if (rows.length < batch) break;
    after = rows[rows.length - 1]!.id;
  }
  return sealed;
}

/**
 * Gives every regional configuration saved before enrolment secrets existed one of its own (sealing
 * needs the key, which migrations have not got); answers how many. Until then such a row enrols
 * nothing: the platform-wide password never enrols a device.
 */
export async function issueEnrolmentSecrets(db: Db, key: KeyObject): Promise<number> {
  const missing = await regionalRepo.withoutSecret(db);
  for (const enterpriseId of missing)
    await regionalRepo.issueEnrolmentSecret(db, enterpriseId, encryptSecret(key, newEnrolmentSecret()));
  return missing.length;
}
