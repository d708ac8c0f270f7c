// `npm run migrate`: applies pending migrations to the configured database and exits.
import { mkdirSync } from 'node:fs';
import { loadConfig, ConfigError } from '../config.js';
import { lockDataDir, StartRefused } from '../ops/start-guards.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

try {
  const config = loadConfig();
  // A running console has the embedded database open: migrating under it would corrupt it.
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    lockDataDir(config.dataDir);
  }
  const db = await openDatabase({ url: config.databaseUrl, pgliteDir: config.dataDir });
  const applied = await migrateToLatest(db);
  process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
  await db.destroy();
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError || err instanceof StartRefused ? err.message : String(err)}\n`);
  process.exit(1);
}
