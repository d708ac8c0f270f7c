// SQL of password recovery: codes per user, counted per user and per address for rate limits.
import type { Db } from '../../db/database.js';

export const resetCodeRepo = {
  countSince(db: Db, by: { userId: number } | { address: string }, since: Date): Promise<number> {
    return db
      .selectFrom('reset_code')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .$if('userId' in by, (q) => q.where('user_id', '=', (by as { userId: number }).userId))
      .$if('address' in by, (q) => q.where('address', '=', (by as { address: string }).address))
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  },

  /** A new code replaces any code still open for the user. */
  async replace(
    db: Db,
    row: {
      userId: number;
      channel: 'email' | 'mobile';
      codeHash: string;
      expiresAt: Date;
      address: string | null;
      now: Date;
    },
  ) {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('reset_code')
        .set({ used_at: row.now })
        .where('user_id', '=', row.userId)
        .where('used_at', 'is', null)
        .execute();
      await tx
        .insertInto('reset_code')
        .values({
          user_id: row.userId,
          channel: row.channel,
          code_hash: row.codeHash,
          expires_at: row.expiresAt,
          address: row.address,
          created_at: row.now,
        })
        .execute();
    });
  },

  open(db: Db, userId: number, now: Date) {
    return db
      .selectFrom('reset_code')
      .select(['id', 'code_hash', 'tries'])
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** Counts a try atomically, refusing past the limit; answers whether the try may be checked. */
  async takeTry(db: Db, id: number, maxTries: number): Promise<boolean> {
    const row = await db
      .updateTable('reset_code')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', id)
      .where('tries', '<', maxTries)
      .returning('tries')
      .executeTakeFirst();
    return row !== undefined;
  },

  markUsed(db: Db, id: number, now: Date) {
    return db.updateTable('reset_code').set({ used_at: now }).where('id', '=', id).execute();
  },
};
