// Projects and monitoring areas (a tree per enterprise), devices, channels, tags, group membership,
// per-role project privileges and the regional configuration that composes GB codes.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('parent_id', 'bigint', (c) => c.references('project.id'))
    .addColumn('root_id', 'bigint')
    // '/1/5/9/': the ids from the root down, so a subtree is one indexed prefix match.
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('project', 'area')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('logo_url', 'text')
    .addColumn('virtual_uuid', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn('modules', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index project_path on project (enterprise_id, path text_pattern_ops)`.execute(db);
  await db.schema.createIndex('project_parent').on('project').columns(['enterprise_id', 'parent_id']).execute();

  await db.schema
    .createTable('device')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id'))
    .addColumn('uuid', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('dev_name', 'text', (c) => c.notNull())
    .addColumn('dev_type', 'text', (c) => c.notNull().check(sql`dev_type in ('IPC', 'NVR', 'DVR')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('offline')
        .check(sql`status in ('online', 'dormancy', 'offline')`),
    )
    .addColumn('login_name', 'text', (c) => c.notNull().defaultTo('Admin'))
    // The device's own password: the platform must present it to the device, so it is kept reversibly
    // (sealed under the platform key since crypto/secrets.ts, never hashed).
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('gb_code', 'text')
    .addColumn('model', 'text')
    .addColumn('manufacturer', 'text')
    .addColumn('firmware', 'text')
    .addColumn('ip', 'text')
    .addColumn('port', 'integer')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One physical device, one owner: a serial number is unique on the platform (case-insensitive).
  await sql`create unique index device_sn on device (upper(sn))`.execute(db);
  await sql`create unique index device_gb_code on device (gb_code) where gb_code is not null`.execute(db);
  await db.schema.createIndex('device_enterprise').on('device').columns(['enterprise_id', 'id']).execute();
  // The tree lists each node's first devices by name: one short index seek per node.
  await db.schema.createIndex('device_project').on('device').columns(['project_id', 'dev_name', 'id']).execute();
  await db.schema
    .createIndex('device_type_status')
    .on('device')
    .columns(['enterprise_id', 'dev_type', 'status'])
    .execute();
  // fastupdate off: rows are added rarely and searched often, and a pending list left unmerged
  // until the next vacuum makes every search pay for it (bench/devices: 70 ms → a few).
  await sql`create index device_name_trgm on device using gin (dev_name public.gin_trgm_ops, sn public.gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );

  await db.schema
    .createTable('channel')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('index_no', 'integer', (c) => c.notNull())
    .addColumn('channel_title', 'text', (c) => c.notNull())
    .addColumn('main', 'integer')
    .addColumn('extra', 'integer')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('normal')
        .check(sql`kind in ('normal', 'alarm', 'digital')`),
    )
    .addColumn('camera_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('ordinary')
        .check(sql`camera_type in ('ordinary', 'speedDome', 'hemisphere')`),
    )
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('enable', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('gb_code', 'text')
    .addUniqueConstraint('channel_index', ['device_id', 'index_no'])
    .execute();

  await db.schema
    .createTable('tag')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enterprise_id', 'bigint', (c) => c.notNull().references('enterprise.id'))
    .addColumn('tag_name', 'text', (c) => c.notNull())
    .addUniqueConstraint('tag_name_unique', ['enterprise_id', 'tag_name'])
    .execute();
  await db.schema
    .createTable('device_tag')
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_tag_pk', ['tag_id', 'device_id'])
    .execute();
  // Recordings arrive with the recording issue; their tag binding is ready for them.
  await db.schema
    .createTable('record_tag')
    .addColumn('tag_id', 'bigint', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_tag_pk', ['tag_id', 'record_id'])
    .execute();

  await db.schema
    .createTable('group_device')
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('device_group.id').onDelete('cascade'))
    .addColumn('device_id', 'bigint', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_device_pk', ['group_id', 'device_id'])
    .execute();
  await db.schema
    .createTable('group_channel')
    .addColumn('group_id', 'bigint', (c) => c.notNull().references('device_group.id').onDelete('cascade'))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().references('channel.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('group_channel_pk', ['group_id', 'channel_id'])
    .execute();

  await db.schema
    .createTable('role_project_privilege')
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('project_id', 'bigint', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('privilege_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_project_privilege_pk', ['role_id', 'project_id', 'privilege_key'])
    .execute();

  await db.schema
    .createTable('regional_config')
    .addColumn('enterprise_id', 'bigint', (c) => c.primaryKey().references('enterprise.id'))
    .addColumn('server', 'text', (c) => c.notNull())
    .addColumn('area_code', 'text', (c) => c.notNull())
    .addColumn('unit_number', 'text', (c) => c.notNull())
    .addColumn('industry_code', 'text', (c) => c.notNull())
    .addColumn('type_code', 'text', (c) => c.notNull())
    .addColumn('network_id', 'text', (c) => c.notNull())
    .execute();
}
