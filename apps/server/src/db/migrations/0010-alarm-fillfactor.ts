// Room on each alarm page for its rows' next versions: linking a picture (and later marking read or
// handled) updates an alarm moments after its insert, and with pages left 15 % free that update stays
// on the page (HOT) instead of adding an entry to each of the alarm's six indexes. At 2,000 alarms a
// second only half of the picture links were HOT on full pages. New partitions get it when made.
import { sql, type Kysely } from 'kysely';

/** As modules/alarm/partitions.ts makes new partitions (a migration keeps its own value). */
const ALARM_FILLFACTOR = 85;

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
      where p.relname = 'alarm' and p.relnamespace = current_schema()::regnamespace`.execute(db);
  for (const { name } of rows)
    await sql`alter table ${sql.id(name)} set (fillfactor = ${sql.lit(ALARM_FILLFACTOR)})`.execute(db);
}
