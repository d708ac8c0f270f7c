// Per-role video privileges: which powers over video (live, playback, download …) a role grants.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('role_video_privilege')
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id').onDelete('cascade'))
    .addColumn('video_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('role_video_privilege_pk', ['role_id', 'video_key'])
    .execute();
}
