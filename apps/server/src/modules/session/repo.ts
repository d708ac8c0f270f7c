// SQL of sign-in: users by name, sessions by token hash, failures and locks per name and address,
// captchas, and the RSA key that protects passwords in transit.
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

  /** The language and zone the user now uses the console in; a row already saying so is left untouched. */
  async setLocale(db: Db, userId: number, language: string, timeZone: string): Promise<void> {
    await db
      .updateTable('user')
      .set({ language, time_zone: timeZone })
      .where('id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('language', 'is', null),
          eb('language', '<>', language),
          eb('time_zone', 'is', null),
          eb('time_zone', '<>', timeZone),
        ]),
      )
      .execute();
  },

  /** A new password also lifts the name's sign-in locks and forgets its failures. */
  async setPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
    const row = await db
      .updateTable('user')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', userId)
      .returning('login_name')
      .executeTakeFirst();
    if (row) await signInGuardRepo.clear(db, row.login_name);
  },
};

/** Sessions that still count at `now`: unexpired, their user and enterprise enabled. */
function liveSessions(db: Db, now: Date) {
  return db
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
      'enterprise.is_platform as enterpriseIsPlatform',
      'user.group_id as groupId',
    ])
    .where('session.expires_at', '>', now)
    .where('user.status', '=', 1)
    .where('enterprise.status', '=', 1);
}

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
    const row = await liveSessions(db, now).where('session.token_hash', '=', tokenHash).executeTakeFirst();
    if (!row) return null;
    const { expiresAt, ...user } = row;
    const bypass = user.isSuperAdmin || user.isCloudAccount;
    const { roles, keys } = bypass ? { roles: [], keys: new Set<string>() } : await rolesOf(db, user.userId);
    return { snapshot: { ...user, roles, privilegeKeys: keys }, expiresAt };
  },

  /**
   * Of these session ids, those still live (unexpired, user and enterprise enabled), as they are now:
   * two queries whatever the number of sessions (the sessions, then the roles of their staff).
   */
  async findSnapshotsById(db: Db, sessionIds: readonly number[], now: Date): Promise<Map<number, SessionSnapshot>> {
    const out = new Map<number, SessionSnapshot>();
    if (sessionIds.length === 0) return out;
    const rows = await liveSessions(db, now).where('session.id', 'in', sessionIds).execute();
    const staff = new Set(rows.filter((r) => !r.isSuperAdmin && !r.isCloudAccount).map((r) => r.userId));
    const rolesByUser = await rolesOfUsers(db, [...staff]);
    for (const { expiresAt: _expiresAt, ...user } of rows) {
      const { roles, keys } = rolesByUser.get(user.userId) ?? { roles: [], keys: new Set<string>() };
      out.set(user.sessionId, { ...user, roles, privilegeKeys: keys });
    }
    return out;
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

/** The `address` of a lock that holds from every address. */
export const EVERY_ADDRESS = '*';

export type SignInState = {
  /** Locked out from this address, or from every address. */
  locked: boolean;
  /** Failures in the window: of the name from anywhere … */
  name: number;
  /** … of the name from this address … */
  pair: number;
  /** … and from this address for any name. */
  address: number;
  /** The name's failures that came with a solved captcha or from a signed-in session. */
  verified: number;
};

/** Failures and locks keyed by the login name as typed (lower-cased), real or not, and the address. */
export const signInGuardRepo = {
  async state(db: Db, loginName: string, address: string, since: Date, now: Date): Promise<SignInState> {
    const row = await db
      .selectFrom('sign_in_failure')
      .where('at', '>', since)
      .where((eb) => eb.or([eb('login_name', '=', loginName), eb('address', '=', address)]))
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere('login_name', '=', loginName).as('name'),
        eb.fn
          .countAll<string>()
          .filterWhere((f) => f.and([f('login_name', '=', loginName), f('address', '=', address)]))
          .as('pair'),
        eb.fn.countAll<string>().filterWhere('address', '=', address).as('address'),
        eb.fn
          .countAll<string>()
          .filterWhere((f) => f.and([f('login_name', '=', loginName), f('verified', '=', true)]))
          .as('verified'),
        eb
          .exists(
            eb
              .selectFrom('sign_in_lock')
              .select('sign_in_lock.until')
              .where('sign_in_lock.login_name', '=', loginName)
              .where('sign_in_lock.address', 'in', [address, EVERY_ADDRESS])
              .where('sign_in_lock.until', '>', now),
          )
          .as('locked'),
      ])
      .executeTakeFirstOrThrow();
    return {
      locked: Boolean(row.locked),
      name: Number(row.name),
      pair: Number(row.pair),
      address: Number(row.address),
      verified: Number(row.verified),
    };
  },

  /** Records a failure; failures older than the window go at the same time, so the table stays small. */
  async addFailure(
    db: Db,
    f: { loginName: string; address: string; verified: boolean; at: Date },
    since: Date,
  ): Promise<void> {
    await db
      .insertInto('sign_in_failure')
      .values({ login_name: f.loginName, address: f.address, verified: f.verified, at: f.at })
      .execute();
    await db.deleteFrom('sign_in_failure').where('at', '<=', since).execute();
  },

  /** Locks the name out from `address` ('*': from every address) until `until`; drops locks that ended. */
  async lock(db: Db, loginName: string, address: string, until: Date, now: Date): Promise<void> {
    await db
      .insertInto('sign_in_lock')
      .values({ login_name: loginName, address, until })
      .onConflict((oc) => oc.columns(['login_name', 'address']).doUpdateSet({ until }))
      .execute();
    await db.deleteFrom('sign_in_lock').where('until', '<=', now).execute();
  },

  /** A successful sign-in forgets the failures of its own name and address, not those from elsewhere. */
  clearPair(db: Db, loginName: string, address: string) {
    return db
      .deleteFrom('sign_in_failure')
      .where('login_name', '=', loginName)
      .where('address', '=', address)
      .execute();
  },

  /** Lifts every lock of a login name (any case) and forgets its failures: an unlock, a new password. */
  async clear(db: Db, loginName: string): Promise<void> {
    const key = loginName.toLowerCase();
    await db.deleteFrom('sign_in_lock').where('login_name', '=', key).execute();
    await db.deleteFrom('sign_in_failure').where('login_name', '=', key).execute();
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

type Roles = { roles: { id: number; roleName: string }[]; keys: Set<string> };

/** A user's roles and the union of their privilege keys. */
export async function rolesOf(db: Db, userId: number): Promise<Roles> {
  return (await rolesOfUsers(db, [userId])).get(userId) ?? { roles: [], keys: new Set() };
}

/** rolesOf for several users in one query; users without a role are absent. */
export async function rolesOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, Roles>> {
  const out = new Map<number, Roles>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_role')
    .innerJoin('role', 'role.id', 'user_role.role_id')
    .leftJoin('role_privilege', 'role_privilege.role_id', 'role.id')
    .select([
      'user_role.user_id as userId',
      'role.id as id',
      'role.role_name as roleName',
      'role_privilege.privilege_key as key',
    ])
    .where('user_role.user_id', 'in', userIds)
    .orderBy('role.id')
    .execute();
  for (const r of rows) {
    let u = out.get(r.userId);
    if (!u) out.set(r.userId, (u = { roles: [], keys: new Set() }));
    // Rows come ordered by role: a role's privilege rows follow one another.
    if (u.roles.at(-1)?.id !== r.id) u.roles.push({ id: r.id, roleName: r.roleName });
    if (r.key) u.keys.add(r.key);
  }
  return out;
}

/** The platform's RSA key pair for passwords in transit; the oldest row is everyone's. */
export const rsaKeyRepo = {
  oldest(db: Db) {
    return db.selectFrom('rsa_key').select(['public_pem', 'private_pem']).orderBy('id').limit(1).executeTakeFirst();
  },

  async insert(db: Db, publicPem: string, privatePem: string): Promise<void> {
    await db.insertInto('rsa_key').values({ public_pem: publicPem, private_pem: privatePem }).execute();
  },
};
