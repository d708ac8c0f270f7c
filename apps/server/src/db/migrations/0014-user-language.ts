// The language and time zone a user last used the console in, so that what the platform sends them unasked (alarm
// notices by email, SMS and voice) reads in their language, with times on their clock.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null until the user first opens the console: notices then use the default language and UTC.
  await db.schema.alterTable('user').addColumn('language', 'text').addColumn('time_zone', 'text').execute();
}
