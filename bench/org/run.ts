// bench/org: p95 of the staff query with 10,000 employees in one enterprise among 100 enterprises,
// on PGlite and on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). Prints figures only.
//   npm run bench:org [-- --runs 200]
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { benchApp, signInMainAccount, timePost } from '../support.js';
import { hashPassword } from '../../apps/server/src/modules/session/passwords.js';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 200;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENTERPRISES = 100;
const BIG = 10_000;
const SMALL = 100;

async function seed(db: Db): Promise<{ bigEnterprise: number; roleId: number }> {
  const hash = await hashPassword('Bench@pass1'); // one hash for all: seeding is not what is measured
  await sql`insert into enterprise (name) select 'Enterprise ' || g from generate_series(1, ${ENTERPRISES}::int) g`.execute(
    db,
  );
  const { rows } = await sql<{ id: number }>`select id from enterprise where not is_platform order by id`.execute(db);
  const big = rows[0]!.id;
  await sql`insert into role (enterprise_id, role_name) select id, 'Guard' from enterprise where not is_platform`.execute(
    db,
  );
  await sql`insert into role (enterprise_id, role_name) select id, 'Operator' from enterprise where not is_platform`.execute(
    db,
  );
  await sql`insert into role_privilege (role_id, privilege_key) select id, 'preview' from role`.execute(db);
  await sql`insert into department (enterprise_id, name) select e.id, 'Dept ' || g from enterprise e, generate_series(1, 20) g where not e.is_platform`.execute(
    db,
  );
  await sql`insert into "user" (enterprise_id, login_name, name, login_mode, password_hash, mobile, department_id, status)
    select e.id, 'u' || e.id || 'x' || g, 'Staff ' || g, 'sub', ${hash}, '138' || lpad(g::text, 8, '0'),
           (select d.id from department d where d.enterprise_id = e.id order by d.id offset (g % 20) limit 1), case when g % 10 = 0 then 0 else 1 end
    from enterprise e, generate_series(1, case when e.id = ${big}::bigint then ${BIG}::int else ${SMALL}::int end) g where not e.is_platform`.execute(
    db,
  );
  await sql`insert into user_role (user_id, role_id)
    select u.id, (select r.id from role r where r.enterprise_id = u.enterprise_id order by r.id offset (u.id % 2) limit 1) from "user" u where u.login_mode = 'sub'`.execute(
    db,
  );
  // Steady state: what autovacuum does after a bulk load (it also fills the GIN statistics the planner reads).
  await sql`vacuum analyze`.execute(db);
  const role = await sql<{ id: number }>`select id from role where enterprise_id = ${big} order by id limit 1`.execute(
    db,
  );
  return { bigEnterprise: big, roleId: role.rows[0]!.id };
}

async function run(label: string, db: Db, cleanup: () => Promise<void>) {
  const app = await benchApp(db);
  const { bigEnterprise, roleId } = await seed(db);
  const token = await signInMainAccount(app, db, bigEnterprise, 'benchboss');

  const cases: [string, object][] = [
    ['first page (20)', { page: 1, size: 20 }],
    ['page 50, no cursor (jump)', { page: 50, size: 20 }],
    ['page 400, no cursor (jump)', { page: 400, size: 20 }],
    ['name contains', { page: 1, size: 20, name: 'Staff 99' }],
    ['by role', { page: 1, size: 20, roleId }],
    ['by department', { page: 1, size: 20, department: 'Dept 7' }],
    ['disabled only', { page: 1, size: 20, status: 0 }],
  ];
  const results: string[] = [];
  for (const [name, body] of cases) {
    const t = await timePost(app, token, '/api/employee/query', body, runs, 20);
    results.push(
      `${label.padEnd(9)} ${name.padEnd(30)} p50 ${t.p50.toFixed(2).padStart(6)} ms   p95 ${t.p95.toFixed(2).padStart(6)} ms`,
    );
  }
  await app.close();
  await cleanup();
  return results;
}

const lines: string[] = [];
const pgliteDb = await openDatabase({ pgliteDir: mkdtempSync(join(tmpdir(), 'bench-org-')) });
lines.push(...(await run('pglite', pgliteDb, () => pgliteDb.destroy())));
if (pgUrl) {
  const schema = `bench_org_${process.pid}`;
  const pgDb = await openDatabase({ url: pgUrl, schema });
  lines.push(
    ...(await run('postgres', pgDb, async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(pgDb);
      await pgDb.destroy();
    })),
  );
} else {
  console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL run)');
}
console.log(`\nbench/org — POST /api/employee/query through app.inject, ${runs} runs a case after 20 warm-up`);
console.log(`${ENTERPRISES} enterprises; one with ${BIG} staff, the others ${SMALL} each; the big one is queried`);
for (const l of lines) console.log(l);
