// SQL of an enterprise's own info (/platform/info).
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export type EnterpriseInfoRow = {
  name: string;
  identity: string;
  scale: string;
  industry: string;
  main_business: string;
  region: string;
  address: string;
  mobile: string;
  email: string;
  backup_email: string;
  platform_id: string;
  logo_file_id: number;
};

export const platformRepo = {
  get(db: Db, enterpriseId: number) {
    return db.selectFrom('enterprise').selectAll().where('id', '=', enterpriseId).executeTakeFirstOrThrow();
  },

  update(db: Db, enterpriseId: number, info: EnterpriseInfoRow) {
    return db
      .updateTable('enterprise')
      .set({ ...info, updated_at: sql`now()` })
      .where('id', '=', enterpriseId)
      .execute();
  },
};
