// bench/media: time to first frame (cold INVITE and warm join), relay latency RTP-in → WebSocket-out, viewer
// capacity side by side with node-media-server (WS-FLV), and ingest of many TCP streams. Prints figures.
//   npm run bench:media [-- --viewers 2000,3000 --ingest 300 --peer-ingest 300 --window 30
//                           --skip-ttff --skip-capacity --skip-ingest --skip-peer --skip-floor --client-procs 1]
// Viewers are bare-TCP WebSocket clients (viewers.ts) in one child process: the server has one core,
// the clients the other. Each capacity run waits for the machine to be quiet first (1-minute load
// below 1.5, up to 10 minutes). Memory phases run in fresh processes, ours and the peer's alike:
// RSS does not shrink when a process frees memory, so a process that once held 3,000 viewers would
// take in new streams without growing and understate them. memory.ts tells what a stream retains.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { createSimulator, type SimulatorOptions } from '../../apps/device-sim/src/index.js';
import { percentile } from '../support.js';
import {
  freePort,
  jsonLines,
  load,
  mb,
  openBenchDb,
  pass,
  ROOT,
  rssBytes,
  seedFleet,
  signIn,
  sleep,
  startServer,
  throwawayDatabase,
  until,
  type ServerChild,
} from '../gateway/harness.js';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const flag = (name: string) => process.argv.includes(`--${name}`);
const VIEWERS = (argOf('viewers') ?? '2000,3000').split(',').map(Number);
const INGEST = Number(argOf('ingest') ?? 300);
const WINDOW_S = Number(argOf('window') ?? 30);
/** The peer's streams: RTMP pushed by ffmpeg, fifty to a process (its tee muxer), as many as ours by default. */
const PEER_INGEST = Number(argOf('peer-ingest') ?? INGEST);
const COLD = 20;
const WARM = 50;
const LOCAL = 30; // devices simulated in this process (cold trials, warm trials, relay, capacity source)
const PASSWORD = 'bench-dev-pass';
const SAMPLE = join(ROOT, 'apps/device-sim/assets/sample-640x360-25fps.h264');
const QUIET_LOAD = 1.5;
/** Viewer processes: one, on the core the server does not use. */
const CLIENT_PROCS = Number(argOf('client-procs') ?? 1);

/** One line of viewers.ts. */
type Report = {
  viewers: number;
  open: number;
  receiving: number;
  behind: number;
  behindRate: number;
  behindDrift: number;
  closedInWindow: number;
  closeCodes: Record<string, number>;
  driftP50Ms: number | null;
  driftP99Ms: number | null;
  driftMaxMs: number | null;
  streamKbps: number;
  minViewerKbps: number | null;
  messagesPerS: number;
  messagesPerViewerPerS: number;
  mbitPerS: number;
};

const rows: [string, string, string, string][] = [];
const row = (name: string, value: string, target = '', verdict = '') => {
  rows.push([name, value, target, verdict]);
  console.log(`  ${name}: ${value} ${verdict}`);
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** User and system CPU seconds of a process so far (/proc/<pid>/stat utime, stime at 100 Hz). */
function cpuTimes(pid: number): { user: number; sys: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) / 100, sys: Number(f[12]) / 100 };
}

/** Share of one core a process used over `ms`, split into user (JavaScript, V8) and system (the kernel: TCP). */
async function cpuSplitOver(pid: number, ms: number) {
  const c0 = cpuTimes(pid);
  const t0 = performance.now();
  await sleep(ms);
  const c1 = cpuTimes(pid);
  const wall = (performance.now() - t0) / 1000;
  const user = (100 * (c1.user - c0.user)) / wall;
  const sys = (100 * (c1.sys - c0.sys)) / wall;
  return { pct: user + sys, user, sys };
}

/** RSS averaged over `ms` (a reading every 0.5 s): one reading lands anywhere on the garbage collector's saw. */
async function rssMean(pid: number, ms = 10_000): Promise<number> {
  let sum = 0;
  let n = 0;
  for (const end = performance.now() + ms; performance.now() < end; n++) {
    sum += rssBytes(pid);
    await sleep(500);
  }
  return sum / Math.max(1, n);
}

/** Waits (polling every 30 s, up to 10 min) until nothing else loads the machine; answers the load then. */
async function quiet(label: string): Promise<string> {
  const end = Date.now() + 600_000;
  while (loadavg()[0]! >= QUIET_LOAD && Date.now() < end) {
    console.log(`  ${label}: load average ${load()}, waiting for < ${QUIET_LOAD}`);
    await sleep(30_000);
  }
  return load();
}

/** Our console's base and a session token, once signed in: what viewers mint their play URLs with. */
let viewerAuth: { mint: string; token: string } | undefined;

function startViewerProc(urls: string[], perUrl: number, kind: 'fmp4' | 'flv') {
  const auth = kind === 'fmp4' ? (viewerAuth ?? {}) : {};
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/media/viewers.ts', JSON.stringify({ urls, perUrl, kind, rampMs: 15_000, ...auth })],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: ((r: Report) => void)[] = [];
  jsonLines<Report>(proc, (r) => waiting.shift()?.(r));
  return {
    pid: proc.pid!,
    ask: (cmd: string) =>
      new Promise<Report>((resolve) => {
        waiting.push(resolve);
        proc.stdin!.write(`${cmd}\n`);
      }),
    async stop() {
      proc.kill('SIGKILL');
      await new Promise((r) => proc.once('exit', r));
    },
  };
}

function startViewers(urls: string[], perUrl: number, kind: 'fmp4' | 'flv') {
  // Split by stream when there are several, so each process sees every viewer of its streams (the
  // per-stream byte reference in viewers.ts); a single stream's viewers are shared out.
  const procs =
    urls.length >= CLIENT_PROCS
      ? Array.from({ length: CLIENT_PROCS }, (_, i) =>
          startViewerProc(
            urls.filter((_, k) => k % CLIENT_PROCS === i),
            perUrl,
            kind,
          ),
        )
      : Array.from({ length: CLIENT_PROCS }, () => startViewerProc(urls, Math.ceil(perUrl / CLIENT_PROCS), kind));
  return {
    pids: procs.map((p) => p.pid),
    async ask(cmd: string): Promise<Report> {
      const all = await Promise.all(procs.map((p) => p.ask(cmd)));
      const sum = (f: (r: Report) => number) => all.reduce((n, r) => n + f(r), 0);
      const max = (f: (r: Report) => number | null) => Math.max(...all.map((r) => f(r) ?? 0));
      const closeCodes: Record<string, number> = {};
      for (const r of all) for (const [k, v] of Object.entries(r.closeCodes)) closeCodes[k] = (closeCodes[k] ?? 0) + v;
      const viewers = sum((r) => r.viewers);
      return {
        viewers,
        open: sum((r) => r.open),
        receiving: sum((r) => r.receiving),
        behind: sum((r) => r.behind),
        behindRate: sum((r) => r.behindRate),
        behindDrift: sum((r) => r.behindDrift),
        closedInWindow: sum((r) => r.closedInWindow),
        closeCodes,
        driftP50Ms: max((r) => r.driftP50Ms),
        driftP99Ms: max((r) => r.driftP99Ms),
        driftMaxMs: max((r) => r.driftMaxMs),
        streamKbps: max((r) => r.streamKbps),
        minViewerKbps: Math.min(...all.map((r) => r.minViewerKbps ?? 0)),
        messagesPerS: sum((r) => r.messagesPerS),
        messagesPerViewerPerS: sum((r) => r.messagesPerViewerPerS * r.viewers) / Math.max(1, viewers),
        mbitPerS: sum((r) => r.mbitPerS),
      };
    },
    async stop() {
      await Promise.all(procs.map((p) => p.stop()));
    },
  };
}

type Capacity = Awaited<ReturnType<typeof capacity>>;

/**
 * A round of viewers before the first measured one, in each process alike: code compiled, pools and
 * heap grown once, so that the first figure is not charged with what any first round costs.
 */
async function warmUp(streams: () => Promise<string[]>, kind: 'fmp4' | 'flv') {
  const v = startViewers(await streams(), 500, kind);
  await sleep(25_000);
  await v.stop();
  await sleep(3000);
}

/**
 * Once the machine is quiet, opens `perUrl` viewers of each of `streams()` (asked then: play URLs
 * expire, and a session nobody joins ends), waits for them all to receive, then measures `pid` and
 * the clients over the window.
 */
async function capacity(
  label: string,
  pid: number,
  streams: () => Promise<string[]>,
  perUrl: number,
  kind: 'fmp4' | 'flv',
) {
  const loadAt = await quiet(label);
  // The process as it is without these viewers: its memory and what its streams cost it.
  const [rss0, idle] = await Promise.all([rssMean(pid), cpuSplitOver(pid, 10_000)]);
  const urls = await streams();
  const total = urls.length >= CLIENT_PROCS ? urls.length * perUrl : Math.ceil(perUrl / CLIENT_PROCS) * CLIENT_PROCS;
  const v = startViewers(urls, perUrl, kind);
  try {
    await until(
      `${label}: ${total} viewers receiving`,
      async () => {
        await v.ask('mark');
        await sleep(1000);
        const r = await v.ask('status');
        return r.receiving + r.viewers - r.open >= total ? true : undefined;
      },
      45_000,
    ).catch((err: unknown) => console.log(`  ${String(err)}`));
    await sleep(5000);
    await v.ask('mark');
    const [rss, cpu, ...clients] = await Promise.all([
      rssMean(pid, WINDOW_S * 1000),
      cpuSplitOver(pid, WINDOW_S * 1000),
      ...v.pids.map((p) => cpuSplitOver(p, WINDOW_S * 1000)),
    ]);
    const r = await v.ask('report');
    const clientCpu = clients.reduce((n, c) => n + c.pct, 0);
    const clientSys = clients.reduce((n, c) => n + c.sys, 0);
    return {
      cpu: cpu!.pct,
      cpuUser: cpu!.user,
      cpuSys: cpu!.sys,
      idleCpu: idle.pct,
      clientCpu,
      clientSys,
      rss,
      rss0,
      perViewer: (rss - rss0) / total,
      report: r,
      total,
      loadAt,
    };
  } finally {
    await v.stop();
    await sleep(3000);
  }
}

function capacityRows(who: string, n: number, c: Capacity, verdicts: boolean) {
  const r = c.report;
  row(
    `${who} ${n} viewers: server CPU`,
    `${c.cpu.toFixed(1)} % of a core (user ${c.cpuUser.toFixed(1)}, system ${c.cpuSys.toFixed(1)}; ` +
      `${c.idleCpu.toFixed(1)} before the viewers); ` +
      `clients ${c.clientCpu.toFixed(1)} % (system ${c.clientSys.toFixed(1)}; ${(r.messagesPerS / 1000).toFixed(1)} k msg/s, ` +
      `${r.mbitPerS.toFixed(0)} Mbit/s in); load before ${c.loadAt}`,
    verdicts && n === 2000 ? '≤ 40 %' : '',
    verdicts && n === 2000 ? pass(c.cpu <= 40) : '',
  );
  row(
    `${who} ${n} viewers: behind / closed`,
    `${r.behind} behind (${r.behindRate} under rate, ${r.behindDrift} drifting), ${r.closedInWindow} closed in window, ` +
      `${r.viewers - r.open} closed in all ${JSON.stringify(r.closeCodes)}; stream ${r.streamKbps.toFixed(0)} kbit/s, ` +
      `slowest ${r.minViewerKbps?.toFixed(0)} kbit/s; drift p99 ${r.driftP99Ms?.toFixed(0)} ms, max ${r.driftMaxMs?.toFixed(0)} ms`,
    verdicts && n === 3000 ? '0 behind' : '',
    verdicts && n === 3000 ? pass(r.behind === 0 && r.open === n) : '',
  );
  row(`${who} ${n} viewers: RSS`, `${mb(c.rss)} (before ${mb(c.rss0)}; ${kb(c.perViewer)} a viewer)`);
}

/** A player's WebSocket: ours opens only for the session that asked for the URL, named in the header. */
function wsOpen(url: string): WebSocket {
  const headers = viewerAuth ? { xaccesstoken: viewerAuth.token } : {};
  return new WebSocket(url, { perMessageDeflate: false, headers });
}

/** Resolves at the first media segment (moof) — the first thing a player can decode after the init segment. */
function firstFragment(url: string): Promise<{ at: number; ws: WebSocket }> {
  const ws = wsOpen(url);
  return new Promise((resolve, reject) => {
    ws.on('message', (data: Buffer | string, isBinary?: boolean) => {
      // ws 7 (what the root resolves) passes text as a string and no isBinary; ws 8 passes both.
      if (typeof data === 'string' || isBinary === false) return;
      if (data.toString('latin1', 4, 8) === 'moof') resolve({ at: performance.now(), ws });
    });
    ws.on('close', (code) => reject(new Error(`closed ${code}`)));
    ws.on('error', reject);
    if (process.env.BENCH_VERBOSE) ws.on('open', () => console.log('  ws open'));
  });
}

const tfdtOf = (b: Buffer) => Number(b.readBigUInt64BE(60));

/** memory.ts in a process of its own: what a stream retains once garbage is collected. */
function retainedPerStream(streams: number): {
  gopFrames: number;
  retained: number;
  gop: number;
  buffers: number;
  heap: number;
} {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/media/memory.ts', String(streams), '--json'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!) as ReturnType<typeof retainedPerStream>;
}

/** Logs in and answers a function for play URLs (each call starts or joins the session and touches it). */
async function playUrls(server: ServerChild, db: Awaited<ReturnType<typeof openBenchDb>>, enterpriseId: number) {
  const token = await signIn(server.http, db, enterpriseId);
  viewerAuth = { mint: server.http, token };
  const wsBase = server.http.replace('http', 'ws');
  return async (deviceId: number): Promise<string> => {
    const res = await fetch(`${server.http}/api/device/livePlayUrl`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', xaccesstoken: token },
      body: JSON.stringify({ deviceId, channel: 1, stream: 'main' }),
    });
    const body = (await res.json()) as { code: number; data: { wsUrl: string } };
    if (process.env.BENCH_VERBOSE) console.log(`  livePlayUrl ${deviceId}: ${JSON.stringify(body).slice(0, 200)}`);
    if (body.code !== 1) throw new Error(`livePlayUrl ${deviceId}: ${JSON.stringify(body)}`);
    return `${wsBase}${body.data.wsUrl}`;
  };
}

const gbOf = (n: number) => `3402000000132${String(n).padStart(7, '0')}`; // n is 1-based

async function deviceIds(db: Awaited<ReturnType<typeof openBenchDb>>) {
  const ids = new Map(
    (await db.selectFrom('device').select(['id', 'gb_code']).execute()).map((r) => [r.gb_code!, r.id]),
  );
  return (n: number) => ids.get(gbOf(n))!;
}

const started = Date.now();
const loadBefore = await quiet('start');
console.log(`bench/media — load average ${loadBefore}`);
const ours = new Map<number, Capacity>();
const oursMemory: { perStream?: number; perStreamViewer?: number } = {};

// Ours, first process: time to first frame, relay latency, capacity of one stream.
if (!flag('skip-ttff') || !flag('skip-capacity')) {
  const database = await throwawayDatabase('media');
  const server = await startServer(database.url);
  const db = await openBenchDb(database.url);
  const sims: { stop(): Promise<void> }[] = [];
  try {
    const fleet = await seedFleet(db, { count: LOCAL, password: PASSWORD });
    const idOf = await deviceIds(db);
    const playUrl = await playUrls(server, db, fleet.enterpriseId);
    const sim = createSimulator({
      server: { host: '127.0.0.1', port: server.sipPort },
      count: LOCAL,
      type: 'ipc',
      password: PASSWORD,
      retrySeconds: 2,
    });
    sims.push(sim);
    const ssrcOf = new Map<string, number>();
    sim.on('invite', (e) => ssrcOf.set(e.deviceId, Number(e.ssrc)));
    await sim.start();
    await until('local devices registered', () => sim.stats().registered === LOCAL || undefined, 30_000);
    await until(
      'local catalogs',
      async () =>
        Number(
          (
            await sql<{
              n: string;
            }>`select count(distinct device_id) as n from channel where gb_code is not null`.execute(db)
          ).rows[0]!.n,
        ) >= LOCAL || undefined,
      30_000,
    ).catch(() => undefined);
    const hot = idOf(LOCAL - 1);
    let relay: { ws: WebSocket } | undefined;

    if (!flag('skip-ttff')) {
      console.log('  local devices registered; cold trials');
      // Cold: each trial on a channel nobody streams yet (INVITE, first keyframe, WebSocket, first fragment).
      const cold: number[] = [];
      for (let n = 1; n <= COLD; n++) {
        if (process.env.BENCH_VERBOSE) console.log(`  cold ${n}`);
        const t0 = performance.now();
        const { at, ws } = await firstFragment(await playUrl(idOf(n)));
        cold.push(at - t0);
        ws.close();
      }
      cold.sort((a, b) => a - b);
      row(
        'cold TTFF (INVITE) p50 / p95',
        `${ms(percentile(cold, 50))} / ${ms(percentile(cold, 95))} (n ${COLD})`,
        '≤ 1000 ms',
        pass(percentile(cold, 95) <= 1000),
      );

      // Warm: join a running stream; a relay viewer stays on it and measures latency meanwhile.
      const hotGb = gbOf(LOCAL - 1);
      const sentAt = new Map<number, number>();
      let firstPts = -1;
      sim.on('frame', (e) => {
        if (e.ssrc !== ssrcOf.get(hotGb)) return;
        if (firstPts < 0) firstPts = e.pts;
        sentAt.set(Math.round(((e.pts - firstPts + 2 ** 33) % 2 ** 33) / 3600), e.at);
      });
      relay = await firstFragment(await playUrl(hot));
      const latencies: number[] = [];
      let measuring = false;
      relay.ws.on('message', (data: Buffer | string, isBinary?: boolean) => {
        // ws 7 (what the root resolves) passes text as a string and no isBinary; ws 8 passes both.
        if (typeof data === 'string' || isBinary === false) return;
        if (!measuring || data.toString('latin1', 4, 8) !== 'moof') return;
        const at = performance.now();
        const sent = sentAt.get(Math.round(tfdtOf(data) / 3600));
        if (sent !== undefined) latencies.push(at - sent);
      });
      await sleep(2000);
      const warm: number[] = [];
      for (let i = 0; i < WARM; i++) {
        const t0 = performance.now();
        const { at, ws } = await firstFragment(await playUrl(hot));
        warm.push(at - t0);
        ws.close();
      }
      warm.sort((a, b) => a - b);
      row(
        'warm TTFF (join) p50 / p95',
        `${ms(percentile(warm, 50))} / ${ms(percentile(warm, 95))} (n ${WARM})`,
        '≤ 200 ms',
        pass(percentile(warm, 95) <= 200),
      );
      measuring = true;
      await sleep(20_000);
      measuring = false;
      latencies.sort((a, b) => a - b);
      row(
        'relay RTP-in → WS-out p50 / p99',
        `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))} (n ${latencies.length}, min ${ms(latencies[0]!)})`,
        '≤ 30 ms',
        pass(percentile(latencies, 99) <= 30),
      );
    }

    if (!flag('skip-capacity')) {
      // Capacity: many viewers of the one running stream, clients in their own process.
      // A play URL opens once, for the session that asked: each viewer mints its own (`mint:`), after
      // this call has started or touched the stream as a player about to connect would.
      const hotStream = async () => {
        await playUrl(hot);
        return [`mint:${hot}`];
      };
      await warmUp(hotStream, 'fmp4');
      for (const n of VIEWERS) {
        const c = await capacity(`ours ${n}`, server.pid, hotStream, n, 'fmp4');
        ours.set(n, c);
        capacityRows('ours', n, c, true);
      }
    }
    relay?.ws.close();
  } finally {
    for (const s of sims) await s.stop().catch(() => undefined);
    await db.destroy();
    await server.stop();
    await database.drop();
  }
}

// Ours, a fresh process: INGEST devices in a simulator child, media over TCP (passive). Memory per
// stream is the growth from WARM_STREAMS streams to all of them (so first-use costs — code compiled,
// pools and heap sized — are not charged to the streams), with no viewer (as the peer's streams have
// none), then with one viewer each on the measured streams.
const WARM_STREAMS = 5;
if (!flag('skip-ingest')) {
  const database = await throwawayDatabase('media_ingest');
  const server = await startServer(database.url);
  const db = await openBenchDb(database.url);
  const sims: { stop(): Promise<void> }[] = [];
  let keepAlive: NodeJS.Timeout | undefined;
  try {
    const fleet = await seedFleet(db, { count: INGEST, password: PASSWORD });
    const idOf = await deviceIds(db);
    const playUrl = await playUrls(server, db, fleet.enterpriseId);
    const rssIdle = await rssMean(server.pid);
    const options: Omit<SimulatorOptions, 'log'> = {
      server: { host: '127.0.0.1', port: server.sipPort },
      count: INGEST,
      type: 'ipc',
      password: PASSWORD,
      retrySeconds: 2,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/gateway/sim-child.ts', JSON.stringify(options)], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let childStats: { registered: number; streams: number; rtpPackets: number } | undefined;
    jsonLines<typeof childStats>(child, (s) => (childStats = s));
    sims.push({
      async stop() {
        child.kill('SIGTERM');
        await Promise.race([new Promise((r) => child.once('exit', r)), sleep(10_000)]);
      },
    });
    await until('ingest devices registered', () => (childStats?.registered ?? 0) >= INGEST || undefined, 60_000);
    await sleep(5000); // catalogs and the first keepalives in
    const rssRegistered = await rssMean(server.pid);
    /** Plays devices from..to (1-based, inclusive), ten at a time: starts or touches their sessions. */
    const play = async (from: number, to: number) => {
      const urls: string[] = [];
      let failed = 0;
      for (let i = from; i <= to; i += 10) {
        const batch = Array.from({ length: Math.min(10, to - i + 1) }, (_, k) => idOf(i + k));
        for (const r of await Promise.allSettled(batch.map(playUrl))) {
          if (r.status === 'fulfilled') urls.push(r.value);
          else failed++;
        }
      }
      return { urls, failed };
    };
    const measured = INGEST - WARM_STREAMS;
    const warm = await play(1, WARM_STREAMS);
    // A session nobody watches ends after 30 s; asking for its URL again is what keeps it, as a
    // player about to connect would.
    let playing = WARM_STREAMS;
    keepAlive = setInterval(() => void play(1, playing).catch(() => undefined), 10_000);
    await sleep(10_000);
    const rssWarm = await rssMean(server.pid);
    const t0 = performance.now();
    const rest = await play(WARM_STREAMS + 1, INGEST);
    const startAll = performance.now() - t0;
    playing = INGEST;
    await sleep(20_000);
    const rssStreams = await rssMean(server.pid);
    // The streams' own CPU: sessions touched just before, and no keep-alive requests inside the window.
    clearInterval(keepAlive);
    await play(1, INGEST);
    const noViewer = await cpuSplitOver(server.pid, 10_000);
    keepAlive = setInterval(() => void play(1, playing).catch(() => undefined), 10_000);
    const ok = warm.urls.length + rest.urls.length;
    const failed = warm.failed + rest.failed;
    row(
      `ingest ${INGEST} TCP streams started`,
      `${ok} ok, ${failed} failed (${measured} in ${(startAll / 1000).toFixed(1)} s); sim streams ${childStats?.streams}; ` +
        `server CPU with no viewers ${noViewer.pct.toFixed(1)} % of a core`,
      '≥ 300',
      pass(ok >= 300 && failed === 0),
    );
    const ing = await capacity(
      'ingest',
      server.pid,
      async () => {
        // The viewers keep their sessions from here on.
        clearInterval(keepAlive);
        return (await play(WARM_STREAMS + 1, INGEST)).urls;
      },
      1,
      'fmp4',
    );
    const r = ing.report;
    row(
      `ingest: 1 viewer each`,
      `server CPU ${ing.cpu.toFixed(1)} % of a core (system ${ing.cpuSys.toFixed(1)}), clients ${ing.clientCpu.toFixed(1)} %; ` +
        `${r.behind} behind (${r.behindDrift} drifting), ${r.viewers - r.open} closed ${JSON.stringify(r.closeCodes)}; ` +
        `${r.messagesPerViewerPerS.toFixed(1)} fragments/s a viewer; stream ${r.streamKbps.toFixed(0)} kbit/s; ` +
        `drift p99 ${r.driftP99Ms?.toFixed(0)} ms; load before ${ing.loadAt}`,
      '0 behind',
      pass(r.behind === 0 && r.open === measured),
    );
    oursMemory.perStream = (rssStreams - rssWarm) / measured;
    oursMemory.perStreamViewer = (ing.rss - rssWarm) / measured;
    row(
      'ingest: RSS per stream',
      `${kb(oursMemory.perStream)} with no viewer, ${kb(oursMemory.perStreamViewer)} with one ` +
        `(${WARM_STREAMS} → ${INGEST} streams; registration ${kb((rssRegistered - rssIdle) / INGEST)} a device, ` +
        `first ${WARM_STREAMS} streams ${mb(rssWarm - rssRegistered)}; total ${mb(ing.rss)})`,
    );
    const held = retainedPerStream(INGEST);
    row(
      'ingest: what a stream retains (memory.ts)',
      `${kb(held.retained)} after forced GC: GOP cache ${kb(held.gop)} (${held.gopFrames}-frame GOP), ` +
        `other buffers ${kb(held.buffers)} (remux, demux, deframer), objects ${kb(held.heap)}; ` +
        `RSS's other ${kb(oursMemory.perStream - held.retained)} a stream: sockets, SIP and session state, garbage not yet collected`,
    );
  } finally {
    if (keepAlive) clearInterval(keepAlive);
    for (const s of sims) await s.stop().catch(() => undefined);
    await db.destroy();
    await server.stop();
    await database.drop();
  }
}

// The floor: bare writes of the same fragments (floor.ts), measured as ours and the peer are. What it
// costs no Node server that writes each frame to each viewer can go below on this machine.
const floor = new Map<number, Capacity>();
if (!flag('skip-capacity') && !flag('skip-floor')) {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/media/floor.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      jsonLines<{ port: number }>(proc, (l) => resolve(l.port));
      proc.once('exit', () => reject(new Error('floor.ts exited')));
    });
    const url = `ws://127.0.0.1:${port}/floor`;
    for (const n of VIEWERS) {
      const c = await capacity(`floor ${n}`, proc.pid!, async () => [url], n, 'fmp4');
      floor.set(n, c);
      capacityRows('floor (bare writes)', n, c, false);
    }
  } finally {
    proc.kill('SIGTERM');
  }
}

// The peer: node-media-server, fed the same sample by ffmpeg over RTMP, viewed over WS-FLV.
let peer: { cap: Map<number, Capacity>; perStream?: number; perStreamViewer?: number } | undefined;
if (!flag('skip-peer')) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nms-'));
  // FLV already, so ffmpeg's tee muxer can copy it to many RTMP outputs as it is.
  const src = join(dir, 'sample.flv');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-framerate', '25', '-i', SAMPLE, '-c', 'copy', src]);
  const procs: ChildProcess[] = [];
  const startPeer = async () => {
    const [rtmpPort, httpPort] = [await freePort(), await freePort()];
    const nms = spawn(
      process.execPath,
      [
        'node_modules/node-media-server/bin/app.js',
        '--bind',
        '127.0.0.1',
        '--rtmp-port',
        String(rtmpPort),
        '--http-port',
        String(httpPort),
        '--rtmps-port',
        String(await freePort()),
        '--https-port',
        String(await freePort()),
        '--data-path',
        dir,
        '--no-admin',
      ],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    procs.push(nms);
    await sleep(2000);
    /** Publishes the sample in real time, looped, under each name: one ffmpeg for up to 50 of them. */
    const push = (names: string[]) => {
      for (let i = 0; i < names.length; i += 50) {
        const outputs = names
          .slice(i, i + 50)
          .map((name) => `[f=flv:onfail=ignore]rtmp://127.0.0.1:${rtmpPort}/live/${name}`);
        const p = spawn(
          'ffmpeg',
          ['-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', src, '-map', '0', '-c', 'copy'].concat([
            '-f',
            'tee',
            outputs.join('|'),
          ]),
          { stdio: 'ignore' },
        );
        procs.push(p);
      }
    };
    const url = (name: string) => `ws://127.0.0.1:${httpPort}/live/${name}.flv`;
    return { pid: nms.pid!, push, url };
  };
  try {
    const cap = new Map<number, Capacity>();
    peer = { cap };
    if (!flag('skip-capacity')) {
      const nms = await startPeer();
      nms.push(['bench']);
      await sleep(3000);
      await warmUp(async () => [nms.url('bench')], 'flv');
      for (const n of VIEWERS) {
        const c = await capacity(`peer ${n}`, nms.pid, async () => [nms.url('bench')], n, 'flv');
        cap.set(n, c);
        capacityRows('peer', n, c, false);
      }
    }
    if (!flag('skip-ingest')) {
      // A fresh process, measured as ours (growth from WARM_STREAMS streams). node-media-server 4
      // keeps a GOP cache always (FLV and RTMP both; it has no gop_cache setting), viewers or not.
      const nms = await startPeer();
      const names = Array.from({ length: PEER_INGEST }, (_, i) => `in${i}`);
      nms.push(names.slice(0, WARM_STREAMS));
      await sleep(10_000);
      const before = await rssMean(nms.pid);
      nms.push(names.slice(WARM_STREAMS));
      await sleep(20_000);
      const measured = PEER_INGEST - WARM_STREAMS;
      peer.perStream = ((await rssMean(nms.pid)) - before) / measured;
      const noViewer = await cpuSplitOver(nms.pid, 10_000);
      const ing = await capacity('peer ingest', nms.pid, async () => names.slice(WARM_STREAMS).map(nms.url), 1, 'flv');
      peer.perStreamViewer = (ing.rss - before) / measured;
      row(
        `peer ingest ${PEER_INGEST} RTMP streams: RSS per stream`,
        `${kb(peer.perStream)} with no viewer, ${kb(peer.perStreamViewer)} with one (${WARM_STREAMS} → ${PEER_INGEST} ` +
          `streams; GOP caches kept: FLV + RTMP); CPU ${noViewer.pct.toFixed(1)} % of a core with no viewers, ` +
          `${ing.cpu.toFixed(1)} % with one each, ${ing.report.behind} behind`,
      );
    }
  } finally {
    for (const p of procs) p.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (peer) {
  for (const n of VIEWERS) {
    const o = ours.get(n);
    const p = peer.cap.get(n);
    if (o && p)
      row(
        `memory a viewer at ${n}: ours vs peer`,
        `${kb(o.perViewer)} vs ${kb(p.perViewer)}`,
        '< peer',
        pass(o.perViewer < p.perViewer),
      );
  }
  if (oursMemory.perStream !== undefined && peer.perStream !== undefined) {
    row(
      'memory a stream, no viewer: ours vs peer',
      `${kb(oursMemory.perStream)} vs ${kb(peer.perStream)}`,
      '< peer',
      pass(oursMemory.perStream < peer.perStream),
    );
    row(
      'memory a stream, one viewer: ours vs peer',
      `${kb(oursMemory.perStreamViewer!)} vs ${kb(peer.perStreamViewer!)}`,
      '< peer',
      pass(oursMemory.perStreamViewer! < peer.perStreamViewer!),
    );
  }
}
for (const n of VIEWERS) {
  const o = ours.get(n);
  const f = floor.get(n);
  if (o && f)
    row(
      `server CPU at ${n} viewers: ours vs floor`,
      `${o.cpu.toFixed(1)} vs ${f.cpu.toFixed(1)} % of a core (system ${o.cpuSys.toFixed(1)} vs ${f.cpuSys.toFixed(1)}); ` +
        `ours above the floor: ${(o.cpu - f.cpu).toFixed(1)} points`,
    );
}
console.log(
  `\nbench/media — server child on PostgreSQL, ${((Date.now() - started) / 1000).toFixed(0)} s; load average before ${loadBefore}, after ${load()}`,
);
for (const [name, value, target, verdict] of rows)
  console.log(`${name.padEnd(42)} ${value.padEnd(70)} ${target.padEnd(10)} ${verdict}`);
