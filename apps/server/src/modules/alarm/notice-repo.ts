// SQL of who is told of alarms: an enterprise's notice rules and common users, and the contact
// details of its people.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NoticeRuleTable } from '../../db/schema.js';

/** `= any(ids)`: one parameter however many ids, and an empty list matches nothing. */
const anyOf = (ids: number[]) => sql<number>`any(${ids})`;

export type NoticeRuleValues = Omit<Insertable<NoticeRuleTable>, 'id'>;

export const noticeRepo = {
  /** The enterprise's rules in the order they were made; only the enabled ones when asked. */
  rules(db: Db, enterpriseId: number, o: { enabled?: boolean } = {}) {
    return db
      .selectFrom('notice_rule')
      .selectAll()
      .where('enterprise_id', '=', enterpriseId)
      .$if(o.enabled !== undefined, (q) => q.where('enabled', '=', o.enabled!))
      .orderBy('id')
      .execute();
  },

  /** The enterprise's rules among `ids`, with the projects they name. */
  rulesByIds(db: Db, enterpriseId: number, ids: number[]) {
    return db
      .selectFrom('notice_rule')
      .select(['id', 'project_ids'])
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', anyOf(ids))
      .execute();
  },

  insertRule(db: Db, rule: NoticeRuleValues) {
    return db.insertInto('notice_rule').values(rule).returning('id').executeTakeFirstOrThrow();
  },

  /** Replaces a rule of the enterprise; false when it has no such rule. */
  async updateRule(db: Db, enterpriseId: number, id: number, rule: NoticeRuleValues): Promise<boolean> {
    const res = await db
      .updateTable('notice_rule')
      .set(rule)
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  deleteRules(db: Db, enterpriseId: number, ids: number[]) {
    return db
      .deleteFrom('notice_rule')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', anyOf(ids))
      .execute();
  },

  commonUsers(db: Db, enterpriseId: number) {
    return db
      .selectFrom('notice_common_user')
      .select(['user_id', 'channels'])
      .where('enterprise_id', '=', enterpriseId)
      .orderBy('user_id')
      .execute();
  },

  /** Replaces the enterprise's common users, each with the channels it is told by. */
  async replaceCommonUsers(db: Db, enterpriseId: number, users: ReadonlyMap<number, string[]>): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('notice_common_user').where('enterprise_id', '=', enterpriseId).execute();
      if (users.size === 0) return;
      await tx
        .insertInto('notice_common_user')
        .values([...users].map(([user_id, channels]) => ({ enterprise_id: enterpriseId, user_id, channels })))
        .execute();
    });
  },

  /** How many of `ids` (all different) are people of the enterprise. */
  async countUsers(db: Db, enterpriseId: number, ids: number[]): Promise<number> {
    const row = await db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', anyOf(ids))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** The enterprise's active people: where to reach them, and the language and zone they read in. */
  contacts(db: Db, enterpriseId: number) {
    return db
      .selectFrom('user')
      .select(['id', 'email', 'mobile', 'language', 'time_zone'])
      .where('enterprise_id', '=', enterpriseId)
      .where('status', '=', 1)
      .execute();
  },
};
