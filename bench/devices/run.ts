// bench/devices: p95 of query/mine, page/queryList (first page and page 400) and countByType with
// 1,000 projects, 100,000 devices and 400,000 channels in one enterprise, on PGlite and PostgreSQL
// (BENCH_DATABASE_URL or TEST_DATABASE_URL). Prints figures only.
//   npm run bench:devices [-- --runs 100]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { benchApp, signInMainAccount, timePost } from '../support.js';

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

async function run(label: string, db: Db, cleanup: () => Promise<void>): Promise<string[]> {
  const app = await benchApp(db);
  const { id: enterpriseId } = await db
    .insertInto('enterprise')
    .values({ name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signInMainAccount(app, db, enterpriseId, 'devboss');
  const seeded = await seed(db, enterpriseId);
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
    const t = await timePost(app, token, url, body, runs, 10);
    lines.push(
      `${label.padEnd(9)} ${name.padEnd(32)} p50 ${t.p50.toFixed(1).padStart(7)} ms   p95 ${t.p95.toFixed(1).padStart(7)} ms`,
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
