// `npm run migrate`: applies pending migrations to the configured database and exits.
import { loadConfig, ConfigError } from '../config.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

try {
  const config = loadConfig();
  const db = await openDatabase({ url: config.databaseUrl, pgliteDir: config.dataDir });
  const applied = await migrateToLatest(db);
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  await db.destroy();
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : String(err)}\n`);
  process.exit(1);
}
