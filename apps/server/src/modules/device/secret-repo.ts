// SQL of device passwords as stored: sealed under the platform key, so the key can be tried on a few
// at start, and those stored in plaintext before passwords were sealed found and sealed.
import { sql } from 'kysely';
import { VERSIONED_SQL_PATTERN } from '../../crypto/secrets.js';
import type { Db } from '../../db/database.js';

export const deviceSecretRepo = {
  /** A few sealed device passwords. */
  sealed(db: Db, limit: number) {
    return db
      .selectFrom('device')
      .select('password as value')
      .where('password', '~', VERSIONED_SQL_PATTERN)
      .limit(limit)
      .execute();
  },

  /** Devices whose password is still in plaintext, by id after `after`, at most `limit`. */
  plaintext(db: Db, after: number, limit: number) {
    return db
      .selectFrom('device')
      .select(['id', 'password'])
      .where('password', '!~', VERSIONED_SQL_PATTERN)
      .where('id', '>', after)
      .orderBy('id')
      .limit(limit)
      .execute();
  },

  /**
   * Writes sealed passwords, each a compare-and-set on the plaintext read, so a password another
   * process changed meanwhile is kept; answers how many were written.
   */
  async seal(db: Db, rows: { id: number; old: string; sealed: string }[]): Promise<number> {
    if (rows.length === 0) return 0;
    const done = await sql`update device d set password = v.sealed
      from unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.old)}::text[],
        ${rows.map((r) => r.sealed)}::text[]) as v(id, old, sealed)
      where d.id = v.id and d.password = v.old`.execute(db);
    return Number(done.numAffectedRows ?? 0);
  },
};
