// bench/media: time to first frame (cold INVITE and warm join), relay latency RTP-in → WebSocket-out, viewer
// capacity side by side with node-media-server (WS-FLV), and ingest of many TCP streams. Prints figures.
//   npm run bench:media [-- --viewers 2000,3000 --ingest 300 --window 30 --skip-peer]
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { createSimulator, type SimulatorOptions } from '../../apps/device-sim/src/index.js';
import { percentile } from '../support.js';
import {
  cpuOver,
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
} from '../gateway/harness.js';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const VIEWERS = (argOf('viewers') ?? '2000,3000').split(',').map(Number);
const INGEST = Number(argOf('ingest') ?? 300);
const WINDOW_S = Number(argOf('window') ?? 30);
const PEER_INGEST = 20;
const COLD = 20;
const WARM = 50;
const LOCAL = 30; // devices simulated in this process (cold trials, warm trials, relay, capacity source)
const PASSWORD = 'bench-dev-pass';
const SAMPLE = join(ROOT, 'apps/device-sim/assets/sample-640x360-25fps.h264');

type Report = {
  viewers: number;
  open: number;
  receiving: number;
  behind: number;
  closedInWindow: number;
  closeCodes: Record<string, number>;
  driftP99Ms: number | null;
  driftMaxMs: number | null;
  framesPerViewerPerS: number;
  framesLost: number;
  messagesPerS: number;
};

const rows: [string, string, string, string][] = [];
const row = (name: string, value: string, target = '', verdict = '') => {
  rows.push([name, value, target, verdict]);
  console.log(`  ${name}: ${value} ${verdict}`);
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Viewer processes: a single Node process cannot take in 2,000 × 1.1 Mbit/s, so the load is split. */
const CLIENT_PROCS = Number(argOf('client-procs') ?? 2);

function startViewerProc(urls: string[], perUrl: number, kind: 'fmp4' | 'flv') {
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/media/viewers.ts', JSON.stringify({ urls, perUrl, kind, rampMs: 15_000 })],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: ((r: Report) => void)[] = [];
  jsonLines<Report>(proc, (r) => waiting.shift()?.(r));
  return {
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
    async ask(cmd: string): Promise<Report> {
      const all = await Promise.all(procs.map((p) => p.ask(cmd)));
      const sum = (f: (r: Report) => number) => all.reduce((n, r) => n + f(r), 0);
      const closeCodes: Record<string, number> = {};
      for (const r of all) for (const [k, v] of Object.entries(r.closeCodes)) closeCodes[k] = (closeCodes[k] ?? 0) + v;
      const viewers = sum((r) => r.viewers);
      return {
        viewers,
        open: sum((r) => r.open),
        receiving: sum((r) => r.receiving),
        behind: sum((r) => r.behind),
        closedInWindow: sum((r) => r.closedInWindow),
        closeCodes,
        driftP99Ms: Math.max(...all.map((r) => r.driftP99Ms ?? 0)),
        driftMaxMs: Math.max(...all.map((r) => r.driftMaxMs ?? 0)),
        framesPerViewerPerS: sum((r) => r.framesPerViewerPerS * r.viewers) / Math.max(1, viewers),
        framesLost: sum((r) => r.framesLost),
        messagesPerS: sum((r) => r.messagesPerS),
      };
    },
    async stop() {
      await Promise.all(procs.map((p) => p.stop()));
    },
  };
}

/** Opens `total` viewers, waits for them all to receive, then measures `pid` over the window. */
async function capacity(label: string, pid: number, urls: string[], perUrl: number, kind: 'fmp4' | 'flv') {
  const total = urls.length >= CLIENT_PROCS ? urls.length * perUrl : Math.ceil(perUrl / CLIENT_PROCS) * CLIENT_PROCS;
  const rss0 = rssBytes(pid);
  const v = startViewers(urls, perUrl, kind);
  try {
    await until(
      `${label}: ${total} viewers receiving`,
      async () => {
        await v.ask('mark');
        await sleep(1000);
        const r = await v.ask('status');
        return r.receiving + (r.closeCodes['4429'] ?? 0) >= total ? true : undefined;
      },
      45_000,
    ).catch((err: unknown) => console.log(`  ${String(err)}`));
    await sleep(5000);
    await v.ask('mark');
    const cpu = await cpuOver(pid, WINDOW_S * 1000);
    const r = await v.ask('report');
    const rss = rssBytes(pid);
    return { cpu: cpu.pct, rss, perViewer: (rss - rss0) / total, report: r, total };
  } finally {
    await v.stop();
    await sleep(3000);
  }
}

function wsOpen(url: string): WebSocket {
  return new WebSocket(url, { perMessageDeflate: false });
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

const started = Date.now();
const loadBefore = load();
console.log(`bench/media — load average ${loadBefore}`);
const database = await throwawayDatabase('media');
const server = await startServer(database.url);
const db = await openBenchDb(database.url);
const sims: { stop(): Promise<void> }[] = [];
let peerFigures: { cap: Map<number, Awaited<ReturnType<typeof capacity>>>; ingestPerStream: number } | undefined;
const ours = new Map<number, Awaited<ReturnType<typeof capacity>>>();
try {
  const fleet = await seedFleet(db, { count: LOCAL + INGEST, password: PASSWORD });
  const ids = new Map(
    (await db.selectFrom('device').select(['id', 'gb_code']).execute()).map((r) => [r.gb_code!, r.id]),
  );
  const idOf = (n: number) => ids.get(`3402000000132${String(n).padStart(7, '0')}`)!; // n is 1-based
  const token = await signIn(server.http, db, fleet.enterpriseId);
  const wsBase = server.http.replace('http', 'ws');
  const playUrl = async (deviceId: number): Promise<string> => {
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
  const hot = idOf(LOCAL - 1);
  const hotGb = `3402000000132${String(LOCAL - 1).padStart(7, '0')}`;
  const sentAt = new Map<number, number>();
  let firstPts = -1;
  sim.on('frame', (e) => {
    if (e.ssrc !== ssrcOf.get(hotGb)) return;
    if (firstPts < 0) firstPts = e.pts;
    sentAt.set(Math.round(((e.pts - firstPts + 2 ** 33) % 2 ** 33) / 3600), e.at);
  });
  const relay = await firstFragment(await playUrl(hot));
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

  // Capacity: many viewers of the one running stream, clients in their own process.
  const idleRss = rssBytes(server.pid);
  for (const n of VIEWERS) {
    const c = await capacity(`ours ${n}`, server.pid, [await playUrl(hot)], n, 'fmp4');
    ours.set(n, c);
    const r = c.report;
    row(
      `ours ${n} viewers: server CPU`,
      `${c.cpu.toFixed(1)} % of a core (${r.messagesPerS.toFixed(0)} msg/s at the clients)`,
      n === 2000 ? '≤ 40 %' : '',
      n === 2000 ? pass(c.cpu <= 40) : '',
    );
    row(
      `ours ${n} viewers: behind / closed`,
      `${r.behind} behind, ${r.closedInWindow} closed ${JSON.stringify(r.closeCodes)}; receiving ${r.receiving}; drift p99 ${r.driftP99Ms?.toFixed(0)} ms`,
      n === 3000 ? '0 behind' : '',
      n === 3000 ? pass(r.behind === 0 && r.receiving === n) : '',
    );
    row(`ours ${n} viewers: RSS`, `${mb(c.rss)} (idle ${mb(idleRss)}; ${(c.perViewer / 1024).toFixed(1)} KB a viewer)`);
  }
  relay.ws.close();

  // Ingest: INGEST devices in a simulator child, media over TCP (passive), one viewer each.
  const rssBeforeIngest = rssBytes(server.pid);
  const options: Omit<SimulatorOptions, 'log'> = {
    server: { host: '127.0.0.1', port: server.sipPort },
    count: INGEST,
    type: 'ipc',
    password: PASSWORD,
    firstId: `3402000000132${String(LOCAL + 1).padStart(7, '0')}`,
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
  const urls: string[] = [];
  let failed = 0;
  const t0 = performance.now();
  for (let i = 0; i < INGEST; i += 10) {
    const batch = Array.from({ length: Math.min(10, INGEST - i) }, (_, k) => idOf(LOCAL + 1 + i + k));
    for (const r of await Promise.allSettled(batch.map(playUrl))) {
      if (r.status === 'fulfilled') urls.push(r.value);
      else failed++;
    }
  }
  const startAll = performance.now() - t0;
  const ing = await capacity('ingest', server.pid, urls, 1, 'fmp4');
  const perStream = (ing.rss - rssBeforeIngest) / INGEST;
  row(
    `ingest ${INGEST} TCP streams started`,
    `${urls.length} ok, ${failed} failed in ${(startAll / 1000).toFixed(1)} s; sim streams ${childStats?.streams}`,
    '≥ 300',
    pass(urls.length >= 300 && failed === 0),
  );
  row(
    `ingest: server CPU / frames lost`,
    `${ing.cpu.toFixed(1)} % of a core; ${ing.report.framesLost} frames lost, ${ing.report.behind} behind, ${ing.report.framesPerViewerPerS.toFixed(1)} fps a viewer`,
    '',
    '',
  );
  row('ingest: RSS per stream (+1 viewer)', `${(perStream / 1024).toFixed(0)} KB (total ${mb(ing.rss)})`);
} finally {
  for (const s of sims) await s.stop().catch(() => undefined);
  await db.destroy();
  await server.stop();
  await database.drop();
}

// The peer: node-media-server, fed the same sample by ffmpeg over RTMP, viewed over WS-FLV.
if (!process.argv.includes('--skip-peer')) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-nms-'));
  const src = join(dir, 'sample.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-framerate', '25', '-i', SAMPLE, '-c', 'copy', src]);
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
  const pushers: ChildProcess[] = [];
  const push = (name: string) => {
    const p = spawn(
      'ffmpeg',
      [
        '-loglevel',
        'error',
        '-re',
        '-stream_loop',
        '-1',
        '-i',
        src,
        '-c',
        'copy',
        '-f',
        'flv',
        `rtmp://127.0.0.1:${rtmpPort}/live/${name}`,
      ],
      { stdio: 'ignore' },
    );
    pushers.push(p);
  };
  try {
    await sleep(2000);
    const idle = rssBytes(nms.pid!);
    push('bench');
    await sleep(3000);
    const cap = new Map<number, Awaited<ReturnType<typeof capacity>>>();
    for (const n of VIEWERS) {
      const c = await capacity(`peer ${n}`, nms.pid!, [`ws://127.0.0.1:${httpPort}/live/bench.flv`], n, 'flv');
      cap.set(n, c);
      const r = c.report;
      row(`peer ${n} viewers: CPU`, `${c.cpu.toFixed(1)} % of a core (${r.messagesPerS.toFixed(0)} msg/s)`);
      row(
        `peer ${n} viewers: behind / closed`,
        `${r.behind} behind, ${r.closedInWindow} closed; receiving ${r.receiving}; drift p99 ${r.driftP99Ms?.toFixed(0)} ms`,
      );
      row(`peer ${n} viewers: RSS`, `${mb(c.rss)} (idle ${mb(idle)}; ${(c.perViewer / 1024).toFixed(1)} KB a viewer)`);
    }
    const before = rssBytes(nms.pid!);
    for (let i = 0; i < PEER_INGEST; i++) push(`in${i}`);
    await sleep(15_000);
    const ingestPerStream = (rssBytes(nms.pid!) - before) / PEER_INGEST;
    row(`peer ingest ${PEER_INGEST} RTMP streams: RSS per stream`, `${(ingestPerStream / 1024).toFixed(0)} KB`);
    peerFigures = { cap, ingestPerStream };
  } finally {
    for (const p of pushers) p.kill('SIGKILL');
    nms.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

if (peerFigures) {
  for (const n of VIEWERS) {
    const o = ours.get(n);
    const p = peerFigures.cap.get(n);
    if (o && p)
      row(
        `memory a viewer at ${n}: ours vs peer`,
        `${(o.perViewer / 1024).toFixed(1)} KB vs ${(p.perViewer / 1024).toFixed(1)} KB`,
        '< peer',
        pass(o.perViewer < p.perViewer),
      );
  }
}
console.log(
  `\nbench/media — server child on PostgreSQL, ${((Date.now() - started) / 1000).toFixed(0)} s; load average before ${loadBefore}, after ${load()}`,
);
for (const [name, value, target, verdict] of rows)
  console.log(`${name.padEnd(40)} ${value.padEnd(70)} ${target.padEnd(10)} ${verdict}`);
