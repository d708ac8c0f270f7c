// SQL of sending through the outbox: every message is a row first, then marked sent or failed with
// when to try it again. (The outbox list, for operators, is the outbox module's.)
import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { OutboxTable } from '../db/schema.js';

export const outboxDeliveryRepo = {
  /** A message as it is handed to its channel; answers its id. */
  async insert(db: Db, row: Insertable<OutboxTable>): Promise<number> {
    const { id } = await db.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow();
    return id;
  },

  /** How many emails the enterprise has sent since `since`. */
  async emailsSince(db: Db, enterpriseId: number, since: Date): Promise<number> {
    const row = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .where('channel', '=', 'email')
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  async markSent(db: Db, id: number, attempts: number, at: Date): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ state: 'sent', attempts, sent_at: at, next_attempt_at: null })
      .where('id', '=', id)
      .execute();
  },

  /** A failed attempt; `next` is when to try again, null for never. */
  async markFailed(db: Db, id: number, attempts: number, error: string, next: Date | null): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ state: 'failed', attempts, last_error: error, next_attempt_at: next })
      .where('id', '=', id)
      .execute();
  },

  /** Failed messages whose wait is over, longest waiting first. */
  due(db: Db, now: Date, limit: number) {
    return db
      .selectFrom('outbox')
      .select(['id', 'channel', 'enterprise_id', 'recipient', 'subject', 'body', 'attempts'])
      .where('state', '=', 'failed')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  },
};
