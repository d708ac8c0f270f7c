// bench/gateway: one server process (PostgreSQL), the simulator in another; a cold registration storm of
// 10,000 devices, then 50,000 devices kept alive at 60 s: server CPU, RSS and keepalive p50/p99. Prints figures.
//   npm run bench:gateway [-- --storm 10000 --fleet 50000 --ramp 60 --window 120]
import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import type { SimStats, SimulatorOptions } from '../../apps/device-sim/src/index.js';
import {
  cpuOver,
  cpuSeconds,
  jsonLines,
  load,
  mb,
  openBenchDb,
  pass,
  ROOT,
  rssBytes,
  seedFleet,
  sleep,
  startServer,
  throwawayDatabase,
  until,
} from './harness.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const STORM = arg('storm', 10_000);
const FLEET = arg('fleet', 50_000);
const RAMP_S = arg('ramp', 60);
const WINDOW_S = arg('window', 120);
const PASSWORD = 'bench-dev-pass';

type Stats = SimStats & { t: number };

/**
 * The server's event-loop delay since the last scrape (prom-client resets it on each): how long a
 * datagram that arrived waits before its handler runs — the server's share of a keepalive's round trip.
 */
async function loopDelay(http: string): Promise<{ p99Ms: number; maxMs: number }> {
  const text = await (await fetch(`${http}/metrics`)).text();
  const read = (name: string) => 1000 * Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { p99Ms: read('nodejs_eventloop_lag_p99_seconds'), maxMs: read('nodejs_eventloop_lag_max_seconds') };
}
/** Ends the run after the storm (profiling it). */
class StormOnly extends Error {}

function startSim(o: Omit<SimulatorOptions, 'password' | 'type'>): {
  proc: ChildProcess;
  last: () => Stats | undefined;
  stop(): Promise<void>;
} {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/gateway/sim-child.ts', JSON.stringify({ ...o, type: 'ipc', password: PASSWORD })],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let last: Stats | undefined;
  jsonLines<Stats>(proc, (s) => (last = s));
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  return {
    proc,
    last: () => last,
    async stop() {
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(20_000)]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
    },
  };
}

const started = Date.now();
const loadBefore = load();
const database = await throwawayDatabase('gw');
const server = await startServer(database.url, { SIP_PASSWORD: 'bench-sip-pass' });
const db = await openBenchDb(database.url);
const rows: [string, string, string, string][] = [];
try {
  await seedFleet(db, { count: Math.max(STORM, FLEET), password: PASSWORD });
  // Every online → offline flip, with when it happened: a false offline is one while its simulator was alive.
  await sql`create table bench_flip (device_id bigint, at timestamptz default clock_timestamp())`.execute(db);
  await sql`create function bench_flip() returns trigger language plpgsql as $$
    begin insert into bench_flip (device_id) values (new.id); return new; end $$`.execute(db);
  await sql`create trigger bench_flip after update of status on device for each row
    when (old.status = 'online' and new.status <> 'online') execute function bench_flip()`.execute(db);
  const online = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from device where status = 'online'`.execute(db)).rows[0]!.n);
  const synced = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(distinct device_id) as n from channel where gb_code is not null`.execute(
          db,
        )
      ).rows[0]!.n,
    );
  const flips = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from bench_flip`.execute(db)).rows[0]!.n);
  const idleCpu = await cpuOver(server.pid, 3000);

  // Phase 1: cold storm, every device at once.
  const sipServer = { host: '127.0.0.1', port: server.sipPort };
  const c0 = cpuSeconds(server.pid);
  const t0 = performance.now();
  const storm = startSim({ server: sipServer, count: STORM, rampSeconds: 0, keepaliveSeconds: 60, retrySeconds: 5 });
  let settledMs = Number.NaN;
  try {
    await until('storm settled', async () => ((await online()) >= STORM ? true : undefined), 120_000);
    settledMs = performance.now() - t0;
  } catch {
    // reported as a miss below
  }
  const stormCpu = (100 * (cpuSeconds(server.pid) - c0)) / ((performance.now() - t0) / 1000);
  // Hold a little past settling (catalog syncs still run) before counting false offlines.
  await sleep(10_000);
  const stormSim = storm.last();
  const stormFlips = await flips();
  const stormOnline = await online();
  const stormSynced = await synced();
  await storm.stop();
  await until('storm devices unregistered', async () => ((await online()) === 0 ? true : undefined), 30_000).catch(
    () => undefined,
  );
  const flipsAfterStorm = await flips();
  rows.push(
    ['idle server CPU', `${idleCpu.pct.toFixed(1)} % of a core`, '', ''],
    ['storm: devices online', `${stormOnline} / ${STORM}`, '', ''],
    ['storm: settled (all online in DB)', `${(settledMs / 1000).toFixed(1)} s`, '≤ 60 s', pass(settledMs <= 60_000)],
    ['storm: false offlines', String(stormFlips), '0', pass(stormFlips === 0)],
    ['storm: register failures (sim)', `${stormSim?.registerFailures ?? '?'}; catalogs synced ${stormSynced}`, '', ''],
    ['storm: server CPU while settling', `${stormCpu.toFixed(0)} % of a core`, '', ''],
  );

  if (process.argv.includes('--storm-only')) throw new StormOnly();
  // Phase 2: the full fleet, ramped, then a steady window.
  const fleet = startSim({
    server: sipServer,
    count: FLEET,
    rampSeconds: RAMP_S,
    keepaliveSeconds: 60,
    retrySeconds: 5,
  });
  const t1 = performance.now();
  let fleetMs = Number.NaN;
  try {
    await until('fleet online', async () => ((await online()) >= FLEET ? true : undefined), (RAMP_S + 120) * 1000);
    fleetMs = performance.now() - t1;
  } catch {
    // reported below
  }
  // Steady state starts once the post-registration catalog syncs are done (or after 150 s more at most).
  await until('catalogs synced', async () => ((await synced()) >= FLEET ? true : undefined), 150_000).catch(
    () => undefined,
  );
  const syncedAtWindow = await synced();
  await sleep(5000);
  fleet.proc.stdin!.write('reset\n');
  await sleep(500);
  const k0 = fleet.last()?.keepalivesSent ?? 0;
  await loopDelay(server.http);
  const steady = await cpuOver(server.pid, WINDOW_S * 1000);
  const lag = await loopDelay(server.http);
  fleet.proc.stdin!.write('print\n');
  await sleep(1500);
  const end = fleet.last()!;
  const rss = rssBytes(server.pid);
  const steadyFlips = (await flips()) - flipsAfterStorm;
  const steadyOnline = await online();
  await fleet.stop();

  const ka = end.keepaliveLatency;
  rows.push(
    [`fleet: ${FLEET} online (ramp ${RAMP_S} s)`, `${(fleetMs / 1000).toFixed(1)} s; synced ${syncedAtWindow}`, '', ''],
    [
      `steady: server CPU over ${steady.seconds.toFixed(0)} s`,
      `${steady.pct.toFixed(1)} % of a core`,
      '< 25 %',
      pass(steady.pct < 25),
    ],
    ['steady: server RSS', mb(rss), '', ''],
    [
      'steady: keepalives answered',
      `${ka.count} (${((end.keepalivesSent - k0) / steady.seconds).toFixed(0)}/s sent)`,
      '',
      '',
    ],
    ['steady: keepalive p50', `${ka.p50Ms.toFixed(1)} ms`, '', ''],
    [
      'steady: keepalive p99',
      `${ka.p99Ms.toFixed(1)} ms (max ${ka.maxMs.toFixed(0)})`,
      '≤ 50 ms',
      pass(ka.p99Ms <= 50),
    ],
    [
      'steady: server event-loop delay p99',
      `${lag.p99Ms.toFixed(1)} ms (max ${lag.maxMs.toFixed(0)})`,
      '',
      'the server-side wait of a keepalive',
    ],
    ['steady: false offlines', `${steadyFlips}; online ${steadyOnline}`, '0', pass(steadyFlips === 0)],
  );
} catch (err) {
  if (!(err instanceof StormOnly)) throw err;
} finally {
  await db.destroy();
  await server.stop();
  await database.drop();
}
console.log(
  `\nbench/gateway — server child (PostgreSQL ${new URL(database.url).host}), simulator child over UDP; ${(
    (Date.now() - started) /
    1000
  ).toFixed(0)} s; load average before ${loadBefore}, after ${load()}`,
);
for (const [name, value, target, verdict] of rows)
  console.log(`${name.padEnd(38)} ${value.padEnd(34)} ${target.padEnd(8)} ${verdict}`);
