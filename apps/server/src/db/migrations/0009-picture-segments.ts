// Alarm pictures in append-only segment files (modules/file/segments.ts): a file row names its
// segment and where in it its bytes start; rows without a segment are files of their own, as before.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table file add column segment text, add column segment_offset bigint,
    add constraint file_segment_whole check ((segment is null) = (segment_offset is null))`.execute(db);
}
