// bench/devices: p95 of query/mine, page/queryList (first page and page 400) and countByType with
// 1,000 projects, 100,000 devices and 400,000 channels in one enterprise, on PGlite and PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL). Prints figures only.
//   npm run bench:devices [-- --runs 100]
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { hashPassword } from '../../apps/server/src/modules/session/passwords.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 100;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ROOTS = 100; // each with 9 sub-projects: 1,000 projects
const DEVICES = 100_000;
const CHANNELS_PER_DEVICE = 4;

async function seed(db: Db, enterpriseId: number): Promise<number> {
  const t0 = Date.now();
  await sql`insert into project (enterprise_id, path, kind, name, logo_url)
    select ${enterpriseId}::bigint, '/', 'project', 'Site ' || g, '/api/file/1' from generate_series(1, ${ROOTS}::int) g`.execute(
    db,
  );
  await sql`update project set path = '/' || id || '/', root_id = id where enterprise_id = ${enterpriseId}::bigint`.execute(
    db,
  );
  await sql`insert into project (enterprise_id, parent_id, root_id, path, kind, name, logo_url)
    select p.enterprise_id, p.id, p.id, '/', case when g % 3 = 0 then 'area' else 'project' end, p.name || '-' || g, '/api/file/1'
    from project p, generate_series(1, 9) g where p.enterprise_id = ${enterpriseId}::bigint and p.parent_id is null`.execute(
    db,
  );
  await sql`update project set path = '/' || parent_id || '/' || id || '/' where enterprise_id = ${enterpriseId}::bigint and parent_id is not null`.execute(
    db,
  );
  await sql`insert into device (enterprise_id, project_id, sn, dev_name, dev_type, status, password)
    select ${enterpriseId}::bigint, p.ids[1 + (g % array_length(p.ids, 1))], 'BENCH' || lpad(g::text, 11, '0'), 'Camera ' || g,
           (array['IPC','IPC','IPC','NVR','DVR'])[1 + g % 5], (array['online','online','offline','dormancy'])[1 + g % 4], 'x'
    from generate_series(1, ${DEVICES}::int) g,
         (select array_agg(id order by id) ids from project where enterprise_id = ${enterpriseId}::bigint) p`.execute(
    db,
  );
  await sql`insert into channel (device_id, enterprise_id, index_no, channel_title, main)
    select d.id, d.enterprise_id, c, 'CH' || c, case when c % 3 = 0 then -1 else 0 end
    from device d, generate_series(1, ${CHANNELS_PER_DEVICE}::int) c where d.enterprise_id = ${enterpriseId}::bigint`.execute(
    db,
  );
  // Steady state: what autovacuum does after a bulk load (it also fills the GIN statistics the planner reads).
  await sql`vacuum analyze`.execute(db);
  return Date.now() - t0;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function run(label: string, db: Db, cleanup: () => Promise<void>): Promise<string[]> {
  const app = await buildApp(
    loadConfig({
      LOG_LEVEL: 'silent',
      CONSOLE_ADMIN_PASSWORD: 'Bench@pass123',
      LOGIN_CAPTCHA: 'off',
      WEB_DIST: '/nonexistent',
    }),
    { db, logger: false },
  );
  const { id: enterpriseId } = await db
    .insertInto('enterprise')
    .values({ name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user')
    .values({
      enterprise_id: enterpriseId,
      login_name: 'devboss',
      name: 'Boss',
      login_mode: 'main',
      is_cloud_account: true,
      password_hash: await hashPassword('Bench@pass1'),
    })
    .execute();
  const seeded = await seed(db, enterpriseId);
  const key = (await app.inject({ method: 'GET', url: '/rsa/getkey' })).json<{ data: { publicKey: string } }>().data
    .publicKey;
  const password = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from('Bench@pass1'),
  ).toString('base64');
  const token = (
    await app.inject({
      method: 'POST',
      url: '/api/session/login/rsa',
      payload: { loginName: 'devboss', password, loginMode: 'main' },
    })
  ).json<{ data: { token: string } }>().data.token;
  const someProject = Number(
    (
      await sql<{
        id: string;
      }>`select min(id) as id from project where enterprise_id = ${enterpriseId}::bigint and parent_id is null`.execute(
        db,
      )
    ).rows[0]!.id,
  );

  const cases: [string, string, object | undefined][] = [
    ['query/mine (whole tree)', '/api/project/query/mine', undefined],
    ['page/queryList first page', '/api/device/page/queryList', { page: 1, size: 20 }],
    ['page/queryList page 400', '/api/device/page/queryList', { page: 400, size: 20 }],
    [
      'page/queryList subtree + type',
      '/api/device/page/queryList',
      { page: 1, size: 20, projectId: someProject, devType: 'NVR' },
    ],
    ['page/queryList text search', '/api/device/page/queryList', { page: 1, size: 20, text: 'Camera 4242' }],
    ['countByType', '/api/device/countByType', undefined],
  ];
  const lines = [`${label.padEnd(9)} seeded in ${(seeded / 1000).toFixed(1)} s`];
  for (const [name, url, body] of cases) {
    const times: number[] = [];
    for (let i = 0; i < runs + 10; i++) {
      const start = process.hrtime.bigint();
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { xaccesstoken: token },
        ...(body ? { payload: body } : {}),
      });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.json<{ code: number }>().code !== 1) throw new Error(`${name}: ${res.body.slice(0, 300)}`);
      if (i >= 10) times.push(ms);
    }
    times.sort((a, b) => a - b);
    lines.push(
      `${label.padEnd(9)} ${name.padEnd(32)} p50 ${percentile(times, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(7)} ms`,
    );
  }
  await app.close();
  await cleanup();
  return lines;
}

const out: string[] = [];
if (!process.argv.includes('--postgres-only')) {
  const pglite = await openDatabase({ pgliteDir: mkdtempSync(join(tmpdir(), 'bench-devices-')) });
  out.push(...(await run('pglite', pglite, () => pglite.destroy())));
}
if (pgUrl) {
  const schema = `bench_dev_${process.pid}`;
  const pg = await openDatabase({ url: pgUrl, schema });
  out.push(
    ...(await run('postgres', pg, async () => {
      // --keep leaves the data for EXPLAIN in psql (search_path = the printed schema).
      if (process.argv.includes('--keep')) console.log(`kept schema ${schema}`);
      else await sql`drop schema ${sql.id(schema)} cascade`.execute(pg);
      await pg.destroy();
    })),
  );
} else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL run)');
console.log(
  `\nbench/devices — through app.inject, ${runs} runs a case after 10 warm-up; 1,000 projects, ${DEVICES} devices, ${DEVICES * CHANNELS_PER_DEVICE} channels in one enterprise`,
);
for (const l of out) console.log(l);
