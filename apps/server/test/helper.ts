// Test harness: one app per test file on PGlite in memory, or on its own PostgreSQL schema when
// TEST_DATABASE_URL is set; a clock the test moves; RSA encryption as the browser does it.
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorEnvelope } from '@svc/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp, type AppOverrides } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Db } from '../src/db/database.js';
import type { Transport } from '../src/notify/notifier.js';

export const ADMIN = { loginName: 'admin', password: 'Admin@12345', email: 'admin@example.com' } as const;

export type FakeClock = { now(): Date; advance(ms: number): void };
export function fakeClock(start = Date.now()): FakeClock {
  let offset = 0;
  return { now: () => new Date(start + offset), advance: (ms) => void (offset += ms) };
}

/** An API answer's envelope. */
export type Body = ErrorEnvelope;

/** Calls made as one signed-in user, in English unless told otherwise. */
export type Caller = {
  post(url: string, payload?: unknown): Promise<Body>;
  get(url: string): Promise<Body>;
};

/** The data of a successful answer; any other answer fails the test with the envelope. */
export function data<T>(b: Body): T {
  if (b.code !== 1) throw new Error(`expected success, got ${JSON.stringify(b)}`);
  return b.data as T;
}

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  clock: FakeClock;
  /** The app's DATA_DIR (files are stored under it). */
  dataDir: string;
  /** Messages handed to the email and SMS transports, newest last. */
  sent: { channel: 'email' | 'sms'; to: string; subject: string; body: string }[];
  encrypt(plain: string): Promise<string>;
  call(
    opts: InjectOptions,
  ): Promise<{ status: number; body: { code: number; msg: string; data?: unknown }; headers: Record<string, unknown> }>;
  login(loginName: string, password: string, loginMode?: 'main' | 'sub'): Promise<string>;
  /** Calls with this token; `headers` adds to (or overrides) the `language: en-US` every call carries. */
  as(token: string, headers?: Record<string, string>): Caller;
  /**
   * Apps made with `restartable` only. Stops the app and closes its database connection, as a
   * stopping or dying process does, then builds a new app from the same config, clock and overrides
   * over the same database and data dir; `app` and `db` are the new ones afterwards. `env` changes
   * settings for the new app (a device reaches it again at the SIP port the old one had). `crash`
   * runs after the app closed and before its connection does: a test of a crash makes what was in
   * flight on that connection die there.
   */
  restart(o?: { env?: Record<string, string>; crash?: (db: Db) => Promise<void> }): Promise<void>;
  close(): Promise<void>;
};

/**
 * A database of the test's own. `pgliteDir` puts PGlite on disk there, so that `reopen` can open it
 * again after the first connection closed (on PostgreSQL the schema outlives connections anyway).
 */
export async function openTestDb(
  o: { pgliteDir?: string } = {},
): Promise<{ db: Db; reopen(): Promise<Db>; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dir = o.pgliteDir ?? 'memory';
    let db = await openDatabase({ pgliteDir: dir });
    return {
      db,
      async reopen() {
        if (dir === 'memory') throw new Error('an in-memory PGlite cannot be reopened');
        db = await openDatabase({ pgliteDir: dir });
        return db;
      },
      drop: () => db.destroy(),
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let db = await openDatabase({ url, schema, poolSize: 4 });
  return {
    db,
    async reopen() {
      db = await openDatabase({ url, schema, poolSize: 4 });
      return db;
    },
    async drop() {
      await db.destroy().catch(() => undefined); // a test may have destroyed it already
      // A connection of its own: the test's pool may be gone, and the schema must go anyway.
      const admin = await openDatabase({ url, poolSize: 1 });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin);
      await admin.destroy();
    },
  };
}

/** `restartable`: the database is one `restart` can reopen (PGlite on disk rather than in memory). */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: AppOverrides = {},
  { restartable = false }: { restartable?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-test-'));
  const store = await openTestDb(restartable ? { pgliteDir: join(dataDir, 'db') } : {});
  const clock = fakeClock();
  const sent: TestApp['sent'] = [];
  const capture = (channel: 'email' | 'sms'): Transport => ({
    name: `capture-${channel}`,
    deliver: async (m) => void sent.push({ channel, to: m.to, subject: m.subject, body: m.body }),
  });
  const settings = (more: Record<string, string>) =>
    loadConfig({
      DATA_DIR: dataDir,
      CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_ADMIN_EMAIL: ADMIN.email,
      LOGIN_CAPTCHA: 'off',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent-web-dist',
      ...more,
    });
  const start = async (db: Db, more: Record<string, string>) => {
    const app = await buildApp(settings(more), {
      db,
      clock,
      logger: false,
      emailTransport: capture('email'),
      smsTransport: capture('sms'),
      ...overrides,
    });
    const key = (await app.inject({ method: 'GET', url: '/rsa/getkey' })).json<{ data: { publicKey: string } }>().data
      .publicKey;
    return { app, key };
  };
  let settled = env;
  let { app, key } = await start(store.db, settled);

  const t: TestApp = {
    app,
    db: store.db,
    clock,
    dataDir,
    sent,
    encrypt: async (plain) =>
      publicEncrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(plain),
      ).toString('base64'),
    async call(opts) {
      const res = await app.inject(opts);
      return { status: res.statusCode, body: res.json(), headers: res.headers };
    },
    async login(loginName, password, loginMode = 'main') {
      const res = await t.call({
        method: 'POST',
        url: '/api/session/login/rsa',
        payload: { loginName, password: await t.encrypt(password), loginMode },
      });
      if (res.body.code !== 1) throw new Error(`login ${loginName} failed: ${JSON.stringify(res.body)}`);
      return (res.body.data as { token: string }).token;
    },
    as(token, headers = {}) {
      const all = { xaccesstoken: token, language: 'en-US', ...headers };
      return {
        post: async (url, payload) =>
          (
            await t.call({
              method: 'POST',
              url,
              headers: all,
              ...(payload !== undefined ? { payload: payload as object } : {}),
            })
          ).body,
        get: async (url) => (await t.call({ method: 'GET', url, headers: all })).body,
      };
    },
    async restart({ env: more = {}, crash } = {}) {
      if (!restartable) throw new Error('createTestApp(…, { restartable: true }) for an app that restarts');
      await app.close();
      await crash?.(t.db);
      await t.db.destroy();
      t.db = await store.reopen();
      settled = { ...settled, ...more };
      ({ app, key } = await start(t.db, settled));
      t.app = app;
    },
    async close() {
      await app.close();
      await store.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}
