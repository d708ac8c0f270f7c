// Sign-in failures and locks per login name and address, and password-recovery attempts, each
// timestamped so limits count in sliding windows. They replace the per-address
// failure counter and the per-user counter and lock, which had no window and knew only real accounts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // login_name is the name as typed, lower-cased as sign-in looks users up: unknown names count too.
  await db.schema
    .createTable('sign_in_failure')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failure_name').on('sign_in_failure').columns(['login_name', 'at']).execute();
  await db.schema.createIndex('sign_in_failure_address').on('sign_in_failure').columns(['address', 'at']).execute();
  await db.schema.createIndex('sign_in_failure_at').on('sign_in_failure').column('at').execute();

  // address '*' locks the name from every address.
  await db.schema
    .createTable('sign_in_lock')
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_lock_pk', ['login_name', 'address'])
    .execute();
  await sql`insert into sign_in_lock (login_name, address, until)
      select lower(login_name), '*', locked_until from "user" where locked_until > now()`.execute(db);

  await db.schema
    .createTable('reset_attempt')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('send', 'check')`))
    .addColumn('login_name', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reset_attempt_name').on('reset_attempt').columns(['kind', 'login_name', 'at']).execute();
  await db.schema.createIndex('reset_attempt_address').on('reset_attempt').columns(['kind', 'address', 'at']).execute();
  await db.schema.createIndex('reset_attempt_at').on('reset_attempt').column('at').execute();

  await db.schema.dropTable('login_failure').execute();
  await db.schema.alterTable('user').dropColumn('failed_attempts').dropColumn('locked_until').execute();
}
