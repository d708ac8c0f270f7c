// SQL of device groups; every call is scoped to one enterprise.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const groupRepo = {
  list(db: Db, enterpriseId: number) {
    return db
      .selectFrom('device_group')
      .select((eb) => [
        'device_group.id as id',
        'device_group.name as name',
        'device_group.remark as remark',
        'device_group.state as state',
        eb
          .selectFrom('user')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('user.group_id', '=', 'device_group.id')
          .as('employeeCount'),
      ])
      .where('device_group.enterprise_id', '=', enterpriseId)
      .orderBy('device_group.id')
      .execute();
  },

  get(db: Db, enterpriseId: number, id: number) {
    return db
      .selectFrom('device_group')
      .select(['id', 'state'])
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async create(db: Db, enterpriseId: number, g: { name: string; remark: string | null }): Promise<number> {
    const row = await db
      .insertInto('device_group')
      .values({ enterprise_id: enterpriseId, name: g.name, remark: g.remark })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  update(
    db: Db,
    enterpriseId: number,
    id: number,
    g: { name: string; remark: string | null; state?: 'open' | 'closed' },
  ) {
    return db
      .updateTable('device_group')
      .set({ name: g.name, remark: g.remark, ...(g.state ? { state: g.state } : {}) })
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .execute();
  },

  delete(db: Db, enterpriseId: number, id: number) {
    return db
      .deleteFrom('device_group')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .where('state', '=', 'closed')
      .execute();
  },
};
