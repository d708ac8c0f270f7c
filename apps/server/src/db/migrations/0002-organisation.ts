// Organisation: enterprise info, departments, roles and their privileges, device groups, files.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_by', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('file_enterprise').on('file').columns(['enterprise_id', 'id']).execute();

  for (const column of [
    'identity',
    'scale',
    'industry',
    'main_business',
    'region',
    'address',
    'mobile',
    'email',
    'backup_email',
    'platform_id',
  ]) {
    await db.schema.alterTable('enterprise').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('enterprise')
    .addColumn('logo_file_id', 'bigint', (c) => c.references('file.id'))
    .execute();

  await db.schema
    .createTable('department')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('department_name', ['enterprise_id', 'name'])
    .execute();

  await db.schema
    .createTable('device_group')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`state in ('open', 'closed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('device_group_name', ['enterprise_id', 'name'])
    .execute();

  await db.schema
    .alterTable('user')
    .addColumn('department_id', 'bigint', (c) => c.references('department.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('group_id', 'bigint', (c) => c.references('device_group.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('user_department').on('user').columns(['department_id']).execute();
  // Staff lists filter on login_mode: a partial index lets paging and capped counts stay in the index.
  await sql`create index user_staff on "user" (enterprise_id, id) where login_mode = 'sub'`.execute(db);
  // "Name contains" searches (SPEC §7 employee query) use trigrams instead of scanning every name.
  // The extension lives in public, so schemas side by side (tests) share it.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // fastupdate off: rows are added rarely and searched often, and a pending list left unmerged
  // until the next vacuum makes every search pay for it (bench/devices: 70 ms → a few).
  await sql`create index user_name_trgm on "user" using gin (name public.gin_trgm_ops, login_name public.gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );

  await db.schema
    .createTable('role')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('role_name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('role_name_unique', ['enterprise_id', 'role_name'])
    .execute();

  await db.schema
    .createTable('role_privilege')
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('privilege_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_privilege_pk', ['role_id', 'privilege_key'])
    .execute();

  await db.schema
    .createTable('user_role')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_role_pk', ['user_id', 'role_id'])
    .execute();
  await db.schema.createIndex('user_role_role').on('user_role').columns(['role_id', 'user_id']).execute();
}
