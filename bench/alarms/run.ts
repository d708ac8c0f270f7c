// bench/alarms: (1) sustained ingest — alarms through the ingest path (dedup insert, notice queue,
// picture request) into PostgreSQL, with concurrent devices; (2) with 1,000,000 alarms in one
// enterprise, p95 of the poll (queryLatestListAll), the list's first page and its 10,000th page
// (a jump, and a cursor seek), and the unread count. Prints figures only.
//   npm run bench:alarms [-- --runs 100 --seconds 10]
// With --ingest-sip it runs ingest-sip.ts instead: the same ingest end to end over SIP, with pictures,
// server and devices in processes of their own (see that file for its flags).
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { benchApp, signInMainAccount, timePost } from '../support.js';

const arg = (name: string, fallback: number) => Number(process.argv[process.argv.indexOf(name) + 1]) || fallback;
const runs = arg('--runs', 100);
const seconds = arg('--seconds', 10);
const pgUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ALARMS = 1_000_000;
const DEVICES = 1_000;
const PAGE_SIZE = 20;

async function seed(db: Db, enterpriseId: number): Promise<number> {
  const t0 = Date.now();
  await sql`insert into project (enterprise_id, path, kind, name, logo_url)
    select ${enterpriseId}::bigint, '/', 'project', 'Site ' || g, '/api/file/1' from generate_series(1, 100) g`.execute(
    db,
  );
  await sql`update project set path = '/' || id || '/', root_id = id where enterprise_id = ${enterpriseId}::bigint`.execute(
    db,
  );
  await sql`insert into device (enterprise_id, project_id, sn, dev_name, dev_type, status, password, gb_code)
    select ${enterpriseId}::bigint, p.ids[1 + (g % array_length(p.ids, 1))], 'ALARMBENCH' || lpad(g::text, 6, '0'),
           'Camera ' || g, 'IPC', 'online', 'x', '3402000000132' || lpad(g::text, 7, '0')
    from generate_series(1, ${DEVICES}::int) g,
         (select array_agg(id order by id) ids from project where enterprise_id = ${enterpriseId}::bigint) p`.execute(
    db,
  );
  // A month of alarms, oldest first (ids follow time as they do live), a third of them read.
  await sql`insert into alarm (enterprise_id, project_id, device_id, type, alarm_time, read, content, source)
    select ${enterpriseId}::bigint, d.project_id, d.id, (array['A','B','C','D','E','F','G','H'])[1 + g % 8],
           now() - interval '30 days' + (g * interval '30 days' / ${ALARMS}::int), g % 3 = 0, 'motion', 'device'
    from generate_series(1, ${ALARMS}::int) g
    join device d on d.enterprise_id = ${enterpriseId}::bigint and d.sn = 'ALARMBENCH' || lpad((1 + g % ${DEVICES}::int)::text, 6, '0')`.execute(
    db,
  );
  await sql`vacuum analyze`.execute(db);
  return Date.now() - t0;
}

const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

async function main(): Promise<void> {
  const schema = `bench_alarm_${process.pid}`;
  const db = await openDatabase({ url: pgUrl, schema });
  const app = await benchApp(db);
  const { id: enterpriseId } = await db
    .insertInto('enterprise')
    .values({ name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await signInMainAccount(app, db, enterpriseId, 'alarmboss');
  const seeded = await seed(db, enterpriseId);
  const lines: string[] = [
    `seeded ${ALARMS.toLocaleString('en')} alarms on ${DEVICES} devices in ${(seeded / 1000).toFixed(1)} s`,
  ];

  // The cursor of page 9,999, walked once, as a user paging on would hold it.
  let cursor: string | null = null;
  const ids = await sql<{ id: string }>`select id from alarm where enterprise_id = ${enterpriseId}::bigint
    order by id desc offset ${(10_000 - 1) * PAGE_SIZE - 1} limit 1`.execute(db);
  cursor = Buffer.from(JSON.stringify({ id: Number(ids.rows[0]!.id), page: 9_999 })).toString('base64url');
  const now = new Date();
  const cases: [string, string, object | undefined][] = [
    [
      'poll: queryLatestListAll (60 s)',
      '/api/alarm/queryLatestListAll',
      { alarmTimeBegin: stamp(new Date(now.getTime() - 60_000)), alarmTimeEnd: stamp(now) },
    ],
    ['list: page 1', '/api/alarm/page/query', { page: 1, size: PAGE_SIZE }],
    ['list: page 10,000 (jump)', '/api/alarm/page/query', { page: 10_000, size: PAGE_SIZE }],
    ['list: page 10,000 (cursor)', '/api/alarm/page/query', { page: 10_000, size: PAGE_SIZE, cursor }],
    ['list: unread, type A, page 1', '/api/alarm/page/query', { page: 1, size: PAGE_SIZE, status: 0, type: 'A' }],
    ['countAll (header count)', '/api/alarm/countAll', {}],
  ];
  for (const [name, url, body] of cases) {
    const t = await timePost(app, token, url, body, runs, 10);
    lines.push(
      `${name.padEnd(34)} p50 ${t.p50.toFixed(1).padStart(7)} ms   p95 ${t.p95.toFixed(1).padStart(7)} ms   ${name.startsWith('countAll') ? '(no target: it counts the whole set)' : '(target p95 ≤ 10 ms)'}`,
    );
  }

  // Sustained ingest: 64 devices at a time, each alarm a new SN, for `seconds`.
  const devices = await db
    .selectFrom('device')
    .select(['id', 'gb_code'])
    .where('enterprise_id', '=', enterpriseId)
    .limit(256)
    .execute();
  const ingest = app.alarms.ingest;
  const before = { ...ingest.stats };
  const end = Date.now() + seconds * 1000;
  let sn = 0;
  const worker = async (w: number) => {
    while (Date.now() < end) {
      const d = devices[(w + sn) % devices.length]!;
      const n = ++sn;
      await ingest.deviceAlarm(
        { deviceId: d.id, gbCode: d.gb_code! },
        {
          sn: n,
          alarmDeviceId: d.gb_code!,
          priority: 1,
          method: 5,
          type: 2,
          time: new Date().toISOString().slice(0, 19),
          description: 'VideoMotion',
        },
      );
    }
  };
  const t0 = Date.now();
  await Promise.all(Array.from({ length: 64 }, (_, w) => worker(w)));
  const elapsed = (Date.now() - t0) / 1000;
  const stored = ingest.stats.stored - before.stored;
  lines.push(
    `ingest: ${stored.toLocaleString('en')} alarms in ${elapsed.toFixed(1)} s = ${Math.round(stored / elapsed).toLocaleString('en')} alarms/s (target ≥ 2,000/s); shed ${ingest.stats.shed - before.shed}, failed ${ingest.stats.failed - before.failed}`,
  );

  await app.close();
  if (process.argv.includes('--keep')) console.log(`kept schema ${schema}`);
  else await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
  await db.destroy();
  console.log(
    `\nbench/alarms — PostgreSQL, through app.inject, ${runs} runs a case after 10 warm-up; load average ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  for (const l of lines) console.log(l);
}

if (process.argv.includes('--ingest-sip')) await import('./ingest-sip.js');
else await main();
