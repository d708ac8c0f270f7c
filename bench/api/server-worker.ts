// The server under test, on its own event loop in a worker thread; tells the parent its port.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { newSecretKeyText } from '../../apps/server/src/crypto/secrets.js';
import { openDatabase } from '../../apps/server/src/db/database.js';

const { databaseUrl, adminPassword } = workerData as { databaseUrl?: string; adminPassword: string };
const schema = `bench_${process.pid}`;
const db = databaseUrl
  ? await openDatabase({ url: databaseUrl, schema, poolSize: 10 })
  : await openDatabase({ pgliteDir: mkdtempSync(join(tmpdir(), 'bench-api-')) });
const app = await buildApp(
  loadConfig({
    LOG_LEVEL: 'silent',
    CONSOLE_ADMIN_PASSWORD: adminPassword,
    LOGIN_CAPTCHA: 'off',
    WEB_DIST: '/nonexistent',
    // A throwaway database: a throwaway key, and no key file in ./data.
    SECRET_KEY: newSecretKeyText(),
  }),
  { db, logger: false },
);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address() as { port: number };
parentPort!.postMessage({ port: address.port });
parentPort!.on('message', (m: string) => {
  if (m !== 'stop') return;
  void (async () => {
    await app.close();
    if (databaseUrl) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
    parentPort!.postMessage({ stopped: true });
  })();
});
