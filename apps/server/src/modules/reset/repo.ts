// SQL of password recovery: codes per user, and the attempts per name and address the rate limits count.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const resetCodeRepo = {
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

  /**
   * Spends one try of the open code of the active account named `loginName` (lower-cased), in one
   * statement whatever the name, so a real and an unknown name cost the same; answers the code, or
   * nothing when there is none or its tries are spent.
   */
  takeTry(db: Db, loginName: string, now: Date, maxTries: number) {
    return db
      .updateTable('reset_code')
      .set((eb) => ({ tries: eb('tries', '+', 1) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('reset_code as open')
          .innerJoin('user', 'user.id', 'open.user_id')
          .innerJoin('enterprise', 'enterprise.id', 'user.enterprise_id')
          .select('open.id')
          .where(sql<string>`lower(${sql.ref('user.login_name')})`, '=', loginName)
          .where('user.status', '=', 1)
          .where('enterprise.status', '=', 1)
          .where('open.used_at', 'is', null)
          .where('open.expires_at', '>', now)
          .orderBy('open.id', 'desc')
          .limit(1),
      )
      .where('tries', '<', maxTries)
      .returning(['id', 'user_id', 'code_hash'])
      .executeTakeFirst();
  },

  markUsed(db: Db, id: number, now: Date) {
    return db.updateTable('reset_code').set({ used_at: now }).where('id', '=', id).execute();
  },
};

export type AttemptUsage = { nameMinute: number; nameHour: number; nameDay: number; addressHour: number };

/** Recovery attempts by login name as typed (lower-cased; unknown names alike) and by address. */
export const resetAttemptRepo = {
  async usage(db: Db, kind: 'send' | 'check', loginName: string, address: string, now: Date): Promise<AttemptUsage> {
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    const row = await db
      .selectFrom('reset_attempt')
      .where('kind', '=', kind)
      .where('at', '>', ago(24 * 60))
      .where((eb) => eb.or([eb('login_name', '=', loginName), eb('address', '=', address)]))
      .select((eb) => [
        eb.fn
          .countAll<string>()
          .filterWhere((f) => f.and([f('login_name', '=', loginName), f('at', '>', ago(1))]))
          .as('nameMinute'),
        eb.fn
          .countAll<string>()
          .filterWhere((f) => f.and([f('login_name', '=', loginName), f('at', '>', ago(60))]))
          .as('nameHour'),
        eb.fn.countAll<string>().filterWhere('login_name', '=', loginName).as('nameDay'),
        eb.fn
          .countAll<string>()
          .filterWhere((f) => f.and([f('address', '=', address), f('at', '>', ago(60))]))
          .as('addressHour'),
      ])
      .executeTakeFirstOrThrow();
    return {
      nameMinute: Number(row.nameMinute),
      nameHour: Number(row.nameHour),
      nameDay: Number(row.nameDay),
      addressHour: Number(row.addressHour),
    };
  },

  /** Records an attempt; attempts older than a day (the longest window) go at the same time. */
  async record(db: Db, kind: 'send' | 'check', loginName: string, address: string, now: Date): Promise<void> {
    await db.insertInto('reset_attempt').values({ kind, login_name: loginName, address, at: now }).execute();
    await db
      .deleteFrom('reset_attempt')
      .where('at', '<=', new Date(now.getTime() - 24 * 3_600_000))
      .execute();
  },
};
