// SQL of stored files: rows found by id within an enterprise.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export const fileRepo = {
  async insert(
    db: Db,
    f: {
      enterpriseId: number;
      kind: string;
      mime: string;
      size: number;
      sha256: string;
      width: number;
      height: number;
      createdBy: number | null;
    },
  ): Promise<number> {
    const row = await db
      .insertInto('file')
      .values({
        enterprise_id: f.enterpriseId,
        kind: f.kind,
        mime: f.mime,
        size: f.size,
        sha256: f.sha256,
        width: f.width,
        height: f.height,
        created_by: f.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Ids from the file table's sequence, for rows inserted later with these ids. */
  async reserveIds(db: Db, n: number): Promise<number[]> {
    const { rows } = await sql<{ id: string }>`
      select nextval(pg_get_serial_sequence('file', 'id')) as id from generate_series(1, ${n})`.execute(db);
    return rows.map((r) => Number(r.id));
  },

  get(db: Db, enterpriseId: number, id: number) {
    return db
      .selectFrom('file')
      .select(['mime', 'enterprise_id', 'kind', 'size', 'segment', 'segment_offset'])
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
  },

  delete(db: Db, id: number) {
    return db.deleteFrom('file').where('id', '=', id).execute();
  },
};
