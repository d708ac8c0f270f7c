// The core plugin: config, clock, sealing key and the migrated database every module is given.
import type { KeyObject } from 'node:crypto';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import {
  bootstrapPlatform,
  checkSecretKey,
  issueEnrolmentSecrets,
  sealPlaintextSecrets,
  type BootstrapResult,
} from './bootstrap.js';
import { loadSecretKey } from './crypto/secret-key.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    clock: Clock;
    /** Seals device passwords and enrolment secrets in the database. */
    secretKey: KeyObject;
    bootstrap: BootstrapResult;
  }
}

export type CoreOptions = { config: Config; db?: Db | undefined; clock?: Clock | undefined };

export default fp<CoreOptions>(
  async (app, { config, ...given }) => {
    // Before the database: a bad key file stops the start having touched nothing.
    const secret = loadSecretKey(config);
    const db = given.db ?? (await openDatabase({ url: config.databaseUrl, pgliteDir: config.dataDir }));
    // A database the caller opened is the caller's to close.
    if (!given.db) app.addHook('onClose', async () => db.destroy());
    await migrateToLatest(db);
    const bootstrap = await bootstrapPlatform(db, config.admin);
    await checkSecretKey(db, secret);
    const sealed = await sealPlaintextSecrets(db, secret.key);
    if (sealed > 0) app.log.info({ sealed }, 'sealed device passwords that were stored in plaintext');
    await issueEnrolmentSecrets(db, secret.key);
    app.decorate('config', config);
    app.decorate('db', db);
    app.decorate('clock', given.clock ?? systemClock);
    app.decorate('secretKey', secret.key);
    app.decorate('bootstrap', { getter: () => bootstrap });
  },
  { name: 'core' },
);
