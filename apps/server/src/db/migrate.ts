// Runs the migrations, which are listed in code so no file loader or glob decides their order.
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';
import * as m0001 from './migrations/0001-foundation.js';
import * as m0002 from './migrations/0002-organisation.js';
import * as m0003 from './migrations/0003-projects-devices.js';
import * as m0004 from './migrations/0004-video-privileges.js';
import * as m0005 from './migrations/0005-gateway.js';
import * as m0006 from './migrations/0006-alarms.js';
import * as m0007 from './migrations/0007-tree-activity.js';
import * as m0008 from './migrations/0008-alarm-tally.js';
import * as m0009 from './migrations/0009-picture-segments.js';
import * as m0010 from './migrations/0010-alarm-fillfactor.js';
import * as m0011 from './migrations/0011-enrolment-secret.js';
import * as m0012 from './migrations/0012-sign-in-limits.js';
import * as m0014 from './migrations/0014-user-language.js';

const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-organisation': m0002,
  '0003-projects-devices': m0003,
  '0004-video-privileges': m0004,
  '0005-gateway': m0005,
  '0006-alarms': m0006,
  '0007-tree-activity': m0007,
  '0008-alarm-tally': m0008,
  '0009-picture-segments': m0009,
  '0010-alarm-fillfactor': m0010,
  '0011-enrolment-secret': m0011,
  '0012-sign-in-limits': m0012,
  '0014-user-language': m0014,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

async function migratorOf(db: Db): Promise<Migrator> {
  // Kysely looks for its own tables in every schema unless told one: name ours, so databases that
  // hold several schemas (tests, benchmarks, side-by-side deployments) cannot confuse it.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]!.schema });
}

function applied(result: MigrationResultSet): string[] {
  const { error, results } = result;
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the database to the latest version; throws the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return applied(await (await migratorOf(db)).migrateToLatest());
}

/** Brings the database up to the named migration: a test of a migration starts from the one before. */
export async function migrateTo(db: Db, name: string): Promise<string[]> {
  return applied(await (await migratorOf(db)).migrateTo(name));
}
