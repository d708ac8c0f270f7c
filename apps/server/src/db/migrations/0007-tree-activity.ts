// The project tree's device counts kept by the database, vehicle-mounted devices, and the activity
// log the overview shows (SPEC §2 Tree clicks, /project/index).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // SPEC §2: a vehicle device is set up in home-page configuration, not played from the tree.
  await db.schema
    .alterTable('device')
    .addColumn('vehicle', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  // Devices directly on each node. The tree answers every node's count on each load; counting
  // 100,000 devices per load costs more than keeping the figure as devices come, go and move.
  // Statement-level triggers with transition tables: a bulk insert adjusts each project once.
  await db.schema
    .alterTable('project')
    .addColumn('device_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update project p set device_count = c.n
    from (select project_id, count(*)::int n from device group by project_id) c where p.id = c.project_id`.execute(db);
  await sql`
    create function device_count_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update project p set device_count = p.device_count + c.n
          from (select project_id, count(*)::int n from new_rows group by project_id) c where p.id = c.project_id;
      elsif tg_op = 'DELETE' then
        update project p set device_count = p.device_count - c.n
          from (select project_id, count(*)::int n from old_rows group by project_id) c where p.id = c.project_id;
      else
        -- Only a move changes counts; keepalive and status updates leave the projects untouched.
        update project p set device_count = p.device_count + c.n
          from (select project_id, sum(n)::int n from (
                  select n.project_id, 1 n from new_rows n join old_rows o using (id) where n.project_id <> o.project_id
                  union all
                  select o.project_id, -1 from new_rows n join old_rows o using (id) where n.project_id <> o.project_id) m
                group by project_id) c
          where p.id = c.project_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger device_count_insert after insert on device referencing new table as new_rows
    for each statement execute function device_count_apply()`.execute(db);
  await sql`create trigger device_count_delete after delete on device referencing old table as old_rows
    for each statement execute function device_count_apply()`.execute(db);
  // Postgres forbids a column list on triggers with transition tables, so every device update runs
  // it; the function touches projects only for rows that moved.
  await sql`create trigger device_count_update after update on device referencing old table as old_rows new table as new_rows
    for each statement execute function device_count_apply()`.execute(db);

  // What happened in the enterprise, newest first: devices coming and going, nodes and devices
  // added and removed. Names are copied so an entry still reads after its subject is deleted.
  await sql`
    create table activity (
      id bigint generated always as identity primary key,
      enterprise_id bigint not null references enterprise (id),
      project_id bigint,
      device_id bigint,
      kind text not null check (kind in ('device.online', 'device.offline', 'device.added', 'device.deleted',
        'project.added', 'project.deleted')),
      subject text not null,
      project_name text,
      actor text,
      at timestamptz not null default now()
    )`.execute(db);
  await sql`create index activity_enterprise on activity (enterprise_id, id desc)`.execute(db);
  await sql`create index activity_at on activity (at)`.execute(db);
}
