// Alarms, partitioned by month of alarm time so retention drops whole partitions (architecture §4), and
// the notice rules that say who is told of which alarms.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alarm (
      id bigint generated always as identity,
      enterprise_id bigint not null,
      project_id bigint not null,
      device_id bigint not null,
      channel_id bigint,
      type char(1) not null check (type between 'A' and 'H'),
      alarm_time timestamptz not null,
      read boolean not null default false,
      handling text not null default 'untreated' check (handling in ('untreated', 'treating', 'treated')),
      note text,
      content text not null default '',
      priority smallint,
      method smallint,
      source text not null check (source in ('device', 'manual', 'offline')),
      -- The MANSCDP SN of the device's notification: with device and time it identifies a retransmission.
      device_sn integer,
      picture_file_id bigint,
      longitude double precision,
      latitude double precision,
      created_at timestamptz not null default now(),
      primary key (id, alarm_time)
    ) partition by range (alarm_time)`.execute(db);
  // Rows outside every monthly partition land here rather than fail; months are made ahead of time.
  await sql`create table alarm_default partition of alarm default`.execute(db);
  // Newest first within an enterprise, and by device: the list's two seeks.
  await sql`create index alarm_enterprise_id on alarm (enterprise_id, id desc)`.execute(db);
  await sql`create index alarm_device_time on alarm (device_id, alarm_time desc)`.execute(db);
  // The one-minute poll and time-range filters: a short range seek instead of walking ids.
  await sql`create index alarm_enterprise_time on alarm (enterprise_id, alarm_time desc)`.execute(db);
  await sql`create index alarm_unread on alarm (enterprise_id, project_id) where not read`.execute(db);
  await sql`create unique index alarm_dedup on alarm (device_id, device_sn, alarm_time) where device_sn is not null`.execute(
    db,
  );

  // Disarmed devices' alarms are stored but nobody is told (GuardCmd ResetGuard).
  await db.schema
    .alterTable('device')
    .addColumn('armed', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  // A failed message is tried again later, backing off; never on the path that raised it.
  await db.schema.alterTable('outbox').addColumn('next_attempt_at', 'timestamptz').execute();

  await db.schema
    .createTable('notice_rule')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('project_ids', sql`bigint[]`, (c) => c.notNull())
    .addColumn('types', sql`text[]`, (c) => c.notNull())
    .addColumn('channels', sql`text[]`, (c) => c.notNull())
    .addColumn('user_ids', sql`bigint[]`, (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('notice_rule_enterprise').on('notice_rule').column('enterprise_id').execute();
  await db.schema
    .createTable('notice_common_user')
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('channels', sql`text[]`, (c) => c.notNull())
    .addPrimaryKeyConstraint('notice_common_user_pk', ['enterprise_id', 'user_id'])
    .execute();
}
