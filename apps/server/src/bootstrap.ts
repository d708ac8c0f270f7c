// Start-up work on the database: on first start the platform enterprise and its main account; on
// every start, device secrets checked against the platform key, any still in plaintext sealed, and
// an enrolment secret issued to each regional configuration saved before they existed.
import { randomBytes, type KeyObject } from 'node:crypto';
import { sql } from 'kysely';
import { passwordProblem } from '@svc/contracts';
import type { Config } from './config.js';
import { ConfigError } from './config.js';
import { keyError, type SecretKey } from './crypto/secret-key.js';
import { decryptSecret, encryptSecret, SecretError, VERSIONED_SQL_PATTERN } from './crypto/secrets.js';
import type { Db } from './db/database.js';
import { newEnrolmentSecret, regionalRepo } from './modules/device/regional.js';
import { PLATFORM_ENTERPRISE_NAME } from './modules/enterprise/platform-name.js';
import { hashPassword } from './modules/session/passwords.js';

export type BootstrapResult =
  { created: false } | { created: true; loginName: string; generatedPassword: string | null };

/** A password that meets SPEC §5's strongest rule: 16 random characters plus one of each class. */
export function generatePassword(): string {
  const core = randomBytes(12).toString('base64url');
  return `${core}Aa1!`;
}

export async function bootstrapPlatform(db: Db, admin: Config['admin']): Promise<BootstrapResult> {
  const existing = await db.selectFrom('user').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false };
  if (admin.password !== undefined && passwordProblem(admin.password)) {
    throw new ConfigError(
      'bad setting CONSOLE_ADMIN_PASSWORD: 8–64 characters without spaces, at least 3 of digits, upper case, lower case and special characters',
    );
  }
  const password = admin.password ?? generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (tx) => {
    const enterprise = await tx
      .insertInto('enterprise')
      .values({ name: PLATFORM_ENTERPRISE_NAME, is_platform: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('user')
      .values({
        enterprise_id: enterprise.id,
        login_name: admin.loginName,
        name: admin.loginName,
        login_mode: 'main',
        is_super_admin: true,
        password_hash: passwordHash,
        email: admin.email ?? null,
      })
      .execute();
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
    db
      .selectFrom('platform_setting')
      .select('value')
      .where('key', '=', 'sip_password')
      .where('value', '~', VERSIONED_SQL_PATTERN)
      .executeTakeFirst(),
    db
      .selectFrom('device')
      .select('password as value')
      .where('password', '~', VERSIONED_SQL_PATTERN)
      .limit(8)
      .execute(),
    db
      .selectFrom('regional_config')
      .select('enrolment_secret as value')
      .where('enrolment_secret', 'is not', null)
      .limit(4)
      .$narrowType<{ value: string }>()
      .execute(),
  ]);
  const samples = [...(setting ? [setting] : []), ...devices, ...enrolment];
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
  const setting = await db
    .selectFrom('platform_setting')
    .select('value')
    .where('key', '=', 'sip_password')
    .where('value', '!~', VERSIONED_SQL_PATTERN)
    .executeTakeFirst();
  if (setting) {
    const done = await db
      .updateTable('platform_setting')
      .set({ value: encryptSecret(key, setting.value) })
      .where('key', '=', 'sip_password')
      .where('value', '=', setting.value)
      .executeTakeFirst();
    sealed += Number(done.numUpdatedRows);
  }
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('device')
      .select(['id', 'password'])
      .where('password', '!~', VERSIONED_SQL_PATTERN)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) break;
    const done = await sql`update device d set password = v.sealed
      from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.password)}::text[],
        ${rows.map((r) => encryptSecret(key, r.password))}::text[]) as v(id, old, sealed)
      where d.id = v.id and d.password = v.old`.execute(db);
    sealed += Number(done.numAffectedRows ?? 0);
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
