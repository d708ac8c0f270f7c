// SQL of enterprises and their main accounts (the platform operator's view).
import { sql } from 'kysely';
import type { z } from 'zod';
import type { EnterpriseQuerySchema } from '@svc/contracts';
import type { Db } from '../../db/database.js';
import { pageNewestFirst } from '../../db/paging.js';

type EnterpriseRow = {
  id: number;
  name: string;
  status: number;
  main_login_name: string | null;
  employee_count: string | number;
  created_at: Date;
};

export const enterpriseRepo = {
  page(db: Db, q: z.infer<typeof EnterpriseQuerySchema>) {
    const base = db
      .selectFrom('enterprise')
      .where('is_platform', '=', false)
      .$if(q.name !== undefined, (b) => b.where('name', 'ilike', `%${escapeLike(q.name!)}%`))
      .$if(q.status !== undefined, (b) => b.where('status', '=', q.status!));
    return pageNewestFirst<EnterpriseRow>(db, base, 'enterprise.id', q, (b) =>
      b.select((eb) => [
        'enterprise.id as id',
        'enterprise.name as name',
        'enterprise.status as status',
        'enterprise.created_at as created_at',
        eb
          .selectFrom('user')
          .select('login_name')
          .whereRef('user.enterprise_id', '=', 'enterprise.id')
          .where('user.login_mode', '=', 'main')
          .orderBy('user.id')
          .limit(1)
          .as('main_login_name'),
        eb
          .selectFrom('user')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('user.enterprise_id', '=', 'enterprise.id')
          .where('user.login_mode', '=', 'sub')
          .as('employee_count'),
      ]),
    );
  },

  async create(db: Db, name: string, main: { loginName: string; passwordHash: string }): Promise<number> {
    return db.transaction().execute(async (tx) => {
      const { id } = await tx.insertInto('enterprise').values({ name }).returning('id').executeTakeFirstOrThrow();
      await tx
        .insertInto('user')
        .values({
          enterprise_id: id,
          login_name: main.loginName,
          name,
          login_mode: 'main',
          // An enterprise's main account is its cloud account: every menu, no function-point checks (SPEC §6).
          is_cloud_account: true,
          password_hash: main.passwordHash,
        })
        .execute();
      return id;
    });
  },

  /** Whether anyone has an account yet (none: the first start). */
  async anyUser(db: Db): Promise<boolean> {
    return (await db.selectFrom('user').select('id').limit(1).executeTakeFirst()) !== undefined;
  },

  /** The platform's own enterprise, with its super administrator (made on the first start). */
  async createPlatform(
    db: Db,
    name: string,
    admin: { loginName: string; passwordHash: string; email: string | null },
  ): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const enterprise = await tx
        .insertInto('enterprise')
        .values({ name, is_platform: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('user')
        .values({
          enterprise_id: enterprise.id,
          login_name: admin.loginName,
          name: admin.loginName,
          login_mode: 'main',
          is_super_admin: true,
          password_hash: admin.passwordHash,
          email: admin.email,
        })
        .execute();
    });
  },

  /** Login names of an enterprise's main accounts. */
  async mainLoginNames(db: Db, enterpriseId: number): Promise<string[]> {
    const rows = await db
      .selectFrom('user')
      .select('login_name')
      .where('enterprise_id', '=', enterpriseId)
      .where('login_mode', '=', 'main')
      .execute();
    return rows.map((r) => r.login_name);
  },

  findTenant(db: Db, id: number) {
    return db
      .selectFrom('enterprise')
      .select(['id', 'name', 'status'])
      .where('id', '=', id)
      .where('is_platform', '=', false)
      .executeTakeFirst();
  },

  rename(db: Db, id: number, name: string) {
    return db
      .updateTable('enterprise')
      .set({ name, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('is_platform', '=', false)
      .executeTakeFirst();
  },

  async setStatus(db: Db, id: number, status: 0 | 1): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('enterprise')
        .set({ status, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      // Disabling ends every session of the enterprise at once.
      if (status === 0) await tx.deleteFrom('session').where('enterprise_id', '=', id).execute();
    });
  },
};

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
