// SQL of tags and their devices, within one enterprise.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const tagRepo = {
  async list(db: Db, enterpriseId: number) {
    const rows = await db
      .selectFrom('tag')
      .select((eb) => [
        'tag.id as id',
        'tag.tag_name as tagName',
        eb
          .selectFrom('device_tag')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('device_tag.tag_id', '=', 'tag.id')
          .as('deviceCount'),
      ])
      .where('tag.enterprise_id', '=', enterpriseId)
      .orderBy('tag.tag_name')
      .execute();
    return rows.map((r) => ({ ...r, deviceCount: Number(r.deviceCount) }));
  },

  /** The tag of that name, made on first use. */
  async ensure(db: Db, enterpriseId: number, tagName: string): Promise<number> {
    const row = await db
      .insertInto('tag')
      .values({ enterprise_id: enterpriseId, tag_name: tagName })
      .onConflict((oc) => oc.constraint('tag_name_unique').doUpdateSet({ tag_name: tagName }))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  find: (db: Db, enterpriseId: number, tagName: string) =>
    db
      .selectFrom('tag')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('tag_name', '=', tagName)
      .executeTakeFirst(),

  attach: (db: Db, tagId: number, deviceIds: number[]) =>
    db
      .insertInto('device_tag')
      .values(deviceIds.map((device_id) => ({ tag_id: tagId, device_id })))
      .onConflict((oc) => oc.doNothing())
      .execute(),

  /** Takes the tag off the devices, and drops the tag when it is left on none. */
  async detach(db: Db, tagId: number, deviceIds: number[]): Promise<void> {
    await db.deleteFrom('device_tag').where('tag_id', '=', tagId).where('device_id', 'in', deviceIds).execute();
    await db
      .deleteFrom('tag')
      .where('id', '=', tagId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('device_tag').select('tag_id').where('tag_id', '=', tagId))),
      )
      .execute();
  },
};
