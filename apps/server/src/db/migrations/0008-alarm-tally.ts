// Alarm counts kept as alarms come, change and go (architecture §4 "Lists at scale"): the header's
// unread figure and countAll read a few thousand tally rows instead of a million alarms, and a jump
// to page 10,000 finds its id range from the tally and walks at most one bucket of the index.
// Dropping or truncating a partition bypasses the triggers: retention must subtract its tally first.
import { sql, type Kysely } from 'kysely';

/** Alarm ids per bucket (id >> 12): ids are insertion order, so buckets are newest-first pages too. */
export const ALARM_TALLY_SHIFT = 12;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alarm_tally (
      enterprise_id bigint not null,
      bucket integer not null,
      type char(1) not null,
      handling text not null,
      n integer not null,
      unread integer not null,
      primary key (enterprise_id, bucket, type, handling)
    )`.execute(db);
  await sql`insert into alarm_tally
    select enterprise_id, (id >> ${sql.lit(ALARM_TALLY_SHIFT)})::int, type, handling, count(*), count(*) filter (where not read)
    from alarm group by 1, 2, 3, 4`.execute(db);
  // Statement-level with transition tables: a group-committed batch of alarms is one upsert. Rows are
  // upserted in key order so concurrent batches take their row locks in the same order (no deadlock).
  await sql`
    create function alarm_tally_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into alarm_tally
          select enterprise_id, (id >> ${sql.lit(ALARM_TALLY_SHIFT)})::int, type, handling, count(*), count(*) filter (where not read)
          from new_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (enterprise_id, bucket, type, handling)
          do update set n = alarm_tally.n + excluded.n, unread = alarm_tally.unread + excluded.unread;
      elsif tg_op = 'DELETE' then
        insert into alarm_tally
          select enterprise_id, (id >> ${sql.lit(ALARM_TALLY_SHIFT)})::int, type, handling, -count(*), -count(*) filter (where not read)
          from old_rows group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (enterprise_id, bucket, type, handling)
          do update set n = alarm_tally.n + excluded.n, unread = alarm_tally.unread + excluded.unread;
      else
        -- Only read state and handling change after ingest; other updates leave the tally alone.
        insert into alarm_tally
          select e, b, t, h, sum(dn), sum(du) from (
            select n.enterprise_id e, (n.id >> ${sql.lit(ALARM_TALLY_SHIFT)})::int b, n.type t, n.handling h, 1 dn, (not n.read)::int du
              from new_rows n join old_rows o using (id)
              where n.read <> o.read or n.handling <> o.handling or n.type <> o.type
            union all
            select o.enterprise_id, (o.id >> ${sql.lit(ALARM_TALLY_SHIFT)})::int, o.type, o.handling, -1, -((not o.read)::int)
              from new_rows n join old_rows o using (id)
              where n.read <> o.read or n.handling <> o.handling or n.type <> o.type
          ) d group by 1, 2, 3, 4 order by 1, 2, 3, 4
        on conflict (enterprise_id, bucket, type, handling)
          do update set n = alarm_tally.n + excluded.n, unread = alarm_tally.unread + excluded.unread;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger alarm_tally_insert after insert on alarm referencing new table as new_rows
    for each statement execute function alarm_tally_apply()`.execute(db);
  await sql`create trigger alarm_tally_delete after delete on alarm referencing old table as old_rows
    for each statement execute function alarm_tally_apply()`.execute(db);
  await sql`create trigger alarm_tally_update after update on alarm referencing old table as old_rows new table as new_rows
    for each statement execute function alarm_tally_apply()`.execute(db);
}
