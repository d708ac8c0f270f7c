// Runs the migrations found in migrations/: each file NNNN-name.ts is one, applied in name order.
import { readdirSync } from 'node:fs';
import { Migrator, sql, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Db } from './database.js';

const FOLDER = new URL('./migrations/', import.meta.url);
const MIGRATION_FILE = /^(\d{4}-[a-z0-9-]+)\.[jt]s$/;

/** The migrations in the folder, in the order they apply; any other file there is a mistake, not one to skip. */
function migrationFiles(): { name: string; file: string }[] {
  const found = readdirSync(FOLDER).filter((file) => !file.endsWith('.d.ts') && !file.endsWith('.map'));
  const stray = found.filter((file) => !MIGRATION_FILE.test(file));
  if (stray.length > 0) throw new Error(`db/migrations holds files that are not migrations: ${stray.join(', ')}`);
  return found
    .map((file) => ({ name: MIGRATION_FILE.exec(file)![1]!, file }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

// The folder is read, not a list kept beside it: a migration added is a migration run. Kysely
// refuses to start when an applied migration has gone or a new one sorts before an applied one.
const provider: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const { name, file } of migrationFiles()) {
      migrations[name] = (await import(new URL(file, FOLDER).href)) as Migration;
    }
    return migrations;
  },
};

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
