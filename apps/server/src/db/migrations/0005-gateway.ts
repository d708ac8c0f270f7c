// What the GB28181 gateway remembers of a device's registration, so a restart keeps UDP devices
// online without asking thousands of them to register again; and the media transport per device.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('device')
    .addColumn('sip_transport', 'text', (c) => c.check(sql`sip_transport in ('UDP', 'TCP')`))
    .addColumn('sip_address', 'text')
    .addColumn('sip_port', 'integer')
    .addColumn('registered_at', 'timestamptz')
    .addColumn('register_expires_at', 'timestamptz')
    .addColumn('keepalive_at', 'timestamptz')
    .addColumn('keepalive_interval', 'integer', (c) => c.notNull().defaultTo(60))
    // GB/T 28181-2022 prefers TCP with the platform listening; some devices need UDP or the reverse.
    .addColumn('stream_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('TCP-PASSIVE')
        .check(sql`stream_mode in ('UDP', 'TCP-PASSIVE', 'TCP-ACTIVE')`),
    )
    .execute();
  // A device an enterprise has not added may enrol itself into this area when its ID carries the
  // enterprise's regional code (SPEC §3 Regional configuration); null = refused.
  await db.schema
    .alterTable('regional_config')
    .addColumn('auto_enrol_project_id', 'bigint', (c) => c.references('project.id').onDelete('set null'))
    .execute();
  // Settings the platform generates once and must keep across restarts (the default SIP password).
  await db.schema
    .createTable('platform_setting')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  // Catalog sync matches a device's channels by their GB code.
  await sql`create unique index channel_gb_code on channel (device_id, gb_code) where gb_code is not null`.execute(db);
}
