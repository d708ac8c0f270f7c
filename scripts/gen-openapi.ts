// Writes the OpenAPI snapshot (packages/contracts/openapi.json) from the server's routes; --check
// regenerates in memory and fails when the committed snapshot differs (CONVENTIONS 2).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newSecretKeyText } from '../apps/server/src/crypto/secrets.js';
import { openDatabase } from '../apps/server/src/db/database.js';

const target = fileURLToPath(new URL('../packages/contracts/openapi.json', import.meta.url));
const check = process.argv.includes('--check');

const db = await openDatabase({ pgliteDir: 'memory' });
const app = await buildApp(
  // A throwaway key: the in-memory database holds nothing to keep, so no key file is written to ./data.
  loadConfig({
    LOG_LEVEL: 'silent',
    CONSOLE_ADMIN_PASSWORD: 'Snapshot@123',
    WEB_DIST: '/nonexistent',
    SECRET_KEY: newSecretKeyText(),
  }),
  {
    db,
    logger: false,
  },
);
const doc = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await db.destroy();

if (check) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
  if (current !== doc) {
    console.error('packages/contracts/openapi.json is out of date: run `npm run gen:openapi` and commit it');
    process.exit(1);
  }
  console.log('openapi.json is up to date');
} else {
  writeFileSync(target, doc);
  console.log(`wrote ${target}`);
}
