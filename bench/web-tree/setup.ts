// bench/web-tree's options and budgets, and the console it measures: an in-process server over PGlite serving the
// built console, a main account signed in, and the tree seeded by SQL; then the headless Chromium that opens it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { chromium, type Browser } from 'playwright-core';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { logoPng } from '../../e2e/support/png.js';
import { signInMainAccount } from '../support.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
export const DIST = resolve(arg('--dist') ?? join(ROOT, 'apps/web/dist'));
export const SCROLL_MS = Number(arg('--scroll-ms')) || 5000;
export const PROJECTS = 100;
export const AREAS_PER_PROJECT = 4;
export const DEVICES = 10_000;
export const BUDGET = { firstRowsMs: 2000, scrollP95Ms: 33, longTaskMs: 200, renderedRows: 200 };
/** Expanding stops here whatever is left, so the run stays near its two minutes on a slow machine. */
export const EXPAND_BUDGET_MS = 75_000;

/** 100 projects with a logo, 4 areas under each, 10,000 devices spread evenly over all 500 nodes (20 a node). */
async function seed(db: Db, enterpriseId: number, logo: string): Promise<number> {
  const t0 = Date.now();
  const e = sql`${enterpriseId}::bigint`;
  await sql`insert into project (enterprise_id, path, kind, name, logo_url)
    select ${e}, '/', 'project', 'Site ' || lpad(g::text, 3, '0'), ${logo}
    from generate_series(1, ${PROJECTS}::int) g`.execute(db);
  await sql`update project set path = '/' || id || '/', root_id = id where enterprise_id = ${e}`.execute(db);
  await sql`insert into project (enterprise_id, parent_id, root_id, path, kind, name, logo_url)
    select p.enterprise_id, p.id, p.id, '/', 'area', p.name || ' area ' || g, ${logo}
    from project p, generate_series(1, ${AREAS_PER_PROJECT}::int) g
    where p.enterprise_id = ${e} and p.parent_id is null`.execute(db);
  await sql`update project set path = '/' || parent_id || '/' || id || '/'
    where enterprise_id = ${e} and parent_id is not null`.execute(db);
  // Every type and status, so the rows are the mix the tree draws in use (NVR rows carry a play button).
  await sql`insert into device (enterprise_id, project_id, sn, dev_name, dev_type, status, password)
    select ${e}, p.ids[1 + (g % array_length(p.ids, 1))], 'TREE' || lpad(g::text, 9, '0'), 'Camera ' || lpad(g::text, 5, '0'),
           (array['IPC','IPC','IPC','NVR','DVR'])[1 + g % 5], (array['online','online','offline','dormancy'])[1 + g % 4], 'x'
    from generate_series(1, ${DEVICES}::int) g,
         (select array_agg(id order by id) ids from project where enterprise_id = ${e}) p`.execute(db);
  // Steady state: what autovacuum does after a bulk load.
  await sql`vacuum analyze`.execute(db);
  return Date.now() - t0;
}

/** The console under measurement: where it answers, the signed-in token, how long seeding took, and its teardown. */
export interface BenchConsole {
  base: string;
  token: string;
  seededMs: number;
  close(): Promise<void>;
}

/** Starts the server on a throwaway PGlite folder, signs in, uploads one logo and seeds the tree with it. */
export async function startConsole(): Promise<BenchConsole> {
  const tmp = mkdtempSync(join(tmpdir(), 'bench-web-tree-'));
  const db = await openDatabase({ pgliteDir: join(tmp, 'pglite') });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const close = async () => {
    try {
      await app?.close();
    } finally {
      await db.destroy();
      rmSync(tmp, { recursive: true, force: true });
    }
  };
  try {
    app = await buildApp(
      loadConfig({
        LOG_LEVEL: 'silent',
        CONSOLE_ADMIN_PASSWORD: 'Bench@pass123',
        LOGIN_CAPTCHA: 'off',
        DATA_DIR: join(tmp, 'data'),
        WEB_DIST: DIST,
      }),
      { db, logger: false },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { id: enterpriseId } = await db
      .insertInto('enterprise')
      .values({ name: 'Bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await signInMainAccount(app, db, enterpriseId, 'treeboss');
    // One real logo for every node, uploaded as the console does: the tree draws a hundred of them.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(logoPng(64))], { type: 'image/png' }), 'logo.png');
    const answer = await fetch(`${base}/api/file/project/logoUpload/0`, {
      method: 'POST',
      body: form,
      headers: { xaccesstoken: token },
    });
    const upload = (await answer.json()) as { code: number; data: { url: string } };
    if (upload.code !== 1) throw new Error(`the logo upload answered ${upload.code}`);
    const seededMs = await seed(db, enterpriseId, upload.data.url);
    return { base, token, seededMs, close };
  } catch (err) {
    await close();
    throw err;
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
