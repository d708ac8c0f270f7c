// SQL of sign-in: users by name, sessions by token hash, failure counters and captchas.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Principal } from '../../http/auth.js';

/** A session as the cache keeps it. */
export type SessionSnapshot = Principal;

export const userRepo = {
  findByLoginName(db: Db, loginName: string) {
    return db
      .selectFrom('user')
      .innerJoin('enterprise', 'enterprise.id', 'user.enterprise_id')
      .selectAll('user')
      .select(['enterprise.status as enterprise_status', 'enterprise.name as enterprise_name'])
      .where(sql<string>`lower(${sql.ref('user.login_name')})`, '=', loginName.toLowerCase())
      .executeTakeFirst();
  },

  findById(db: Db, id: number) {
    return db
      .selectFrom('user')
      .innerJoin('enterprise', 'enterprise.id', 'user.enterprise_id')
      .selectAll('user')
      .select(['enterprise.name as enterprise_name'])
      .where('user.id', '=', id)
      .executeTakeFirst();
  },

  /** Counts one wrong password atomically; answers the new count. */
  async countFailure(db: Db, userId: number): Promise<number> {
    const row = await db
      .updateTable('user')
      .set({ failed_attempts: sql`failed_attempts + 1` })
      .where('id', '=', userId)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    return row.failed_attempts;
  },

  lock(db: Db, userId: number, until: Date) {
    return db.updateTable('user').set({ failed_attempts: 0, locked_until: until }).where('id', '=', userId).execute();
  },

  clearFailures(db: Db, userId: number) {
    return db.updateTable('user').set({ failed_attempts: 0, locked_until: null }).where('id', '=', userId).execute();
  },

  setPassword(db: Db, userId: number, passwordHash: string, now: Date) {
    return db
      .updateTable('user')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        updated_at: now,
        failed_attempts: 0,
        locked_until: null,
      })
      .where('id', '=', userId)
      .execute();
  },
};

export const sessionRepo = {
  create(
    db: Db,
    row: {
      tokenHash: string;
      userId: number;
      enterpriseId: number;
      expiresAt: Date;
      address: string | null;
      userAgent: string | null;
    },
  ) {
    return db
      .insertInto('session')
      .values({
        token_hash: row.tokenHash,
        user_id: row.userId,
        enterprise_id: row.enterpriseId,
        expires_at: row.expiresAt,
        address: row.address,
        user_agent: row.userAgent,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  },

  /** The live session of a token with what the session answer needs; roles only for staff. */
  async findSnapshot(
    db: Db,
    tokenHash: string,
    now: Date,
  ): Promise<{ snapshot: SessionSnapshot; expiresAt: Date } | null> {
    const row = await db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.user_id')
      .innerJoin('enterprise', 'enterprise.id', 'session.enterprise_id')
      .select([
        'session.id as sessionId',
        'session.expires_at as expiresAt',
        'user.id as userId',
        'session.enterprise_id as enterpriseId',
        'user.login_name as loginName',
        'user.is_super_admin as isSuperAdmin',
        'user.is_cloud_account as isCloudAccount',
        'user.login_mode as loginMode',
        'user.name as name',
        'user.mobile as mobile',
        'user.email as email',
        'enterprise.name as enterpriseName',
        'user.group_id as groupId',
      ])
      .where('session.token_hash', '=', tokenHash)
      .where('session.expires_at', '>', now)
      .where('user.status', '=', 1)
      .where('enterprise.status', '=', 1)
      .executeTakeFirst();
    if (!row) return null;
    const { expiresAt, ...user } = row;
    const bypass = user.isSuperAdmin || user.isCloudAccount;
    const { roles, keys } = bypass ? { roles: [], keys: new Set<string>() } : await rolesOf(db, user.userId);
    return { snapshot: { ...user, roles, privilegeKeys: keys }, expiresAt };
  },

  deleteByTokenHash(db: Db, tokenHash: string) {
    return db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
  },

  /** Ends a user's sessions, all of them or all but one. */
  deleteForUser(db: Db, userId: number, exceptSessionId?: number) {
    return db
      .deleteFrom('session')
      .where('user_id', '=', userId)
      .$if(exceptSessionId !== undefined, (q) => q.where('id', '!=', exceptSessionId!))
      .execute();
  },

  deleteExpired(db: Db, now: Date) {
    return db.deleteFrom('session').where('expires_at', '<=', now).execute();
  },
};

export const loginFailureRepo = {
  async count(db: Db, address: string, since: Date): Promise<number> {
    const row = await db
      .selectFrom('login_failure')
      .select('failures')
      .where('address', '=', address)
      .where('first_at', '>', since)
      .executeTakeFirst();
    return row?.failures ?? 0;
  },

  /** Adds a failure for an address; a window older than `since` starts again at 1. */
  async add(db: Db, address: string, now: Date, since: Date): Promise<number> {
    const row = await db
      .insertInto('login_failure')
      .values({ address, failures: 1, first_at: now })
      .onConflict((oc) =>
        oc.column('address').doUpdateSet({
          failures: sql`case when login_failure.first_at > ${since} then login_failure.failures + 1 else 1 end`,
          first_at: sql`case when login_failure.first_at > ${since} then login_failure.first_at else ${now} end`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  },

  clear(db: Db, address: string) {
    return db.deleteFrom('login_failure').where('address', '=', address).execute();
  },
};

export const captchaRepo = {
  create(db: Db, key: string, answerHash: string, expiresAt: Date) {
    return db.insertInto('captcha').values({ key, answer_hash: answerHash, expires_at: expiresAt }).execute();
  },

  /** Takes a captcha once: answers its hash if it was there and unexpired, and deletes it either way. */
  async take(db: Db, key: string, now: Date): Promise<string | null> {
    const row = await db
      .deleteFrom('captcha')
      .where('key', '=', key)
      .returning(['answer_hash', 'expires_at'])
      .executeTakeFirst();
    return row && row.expires_at > now ? row.answer_hash : null;
  },

  deleteExpired(db: Db, now: Date) {
    return db.deleteFrom('captcha').where('expires_at', '<=', now).execute();
  },
};

/** A user's roles and the union of their privilege keys. */
export async function rolesOf(
  db: Db,
  userId: number,
): Promise<{ roles: { id: number; roleName: string }[]; keys: Set<string> }> {
  const rows = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .leftJoin('role_privilege', 'role_privilege.role_id', 'role.id')
    .select(['role.id as id', 'role.role_name as roleName', 'role_privilege.privilege_key as key'])
    .where('user_role.user_id', '=', userId)
    .orderBy('role.id')
    .execute();
  const roles = new Map<number, { id: number; roleName: string }>();
  const keys = new Set<string>();
  for (const r of rows) {
    roles.set(r.id, { id: r.id, roleName: r.roleName });
    if (r.key) keys.add(r.key);
  }
  return { roles: [...roles.values()], keys };
}
