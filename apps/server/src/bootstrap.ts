// First start: with an empty database, create the platform enterprise and its main account.
import { randomBytes } from 'node:crypto';
import { passwordProblem } from '@svc/contracts';
import type { Config } from './config.js';
import { ConfigError } from './config.js';
import type { Db } from './db/database.js';
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
      .values({ name: 'Platform', is_platform: true })
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
