// Ours, a fresh process: INGEST devices in a simulator child, media over TCP (passive). Memory per
// stream is the growth from WARM_STREAMS streams to all of them (so first-use costs — code compiled,
// pools and heap sized — are not charged to the streams), with no viewer (as the peer's streams have
// none), then with one viewer each on the measured streams.
import { execFileSync, spawn } from 'node:child_process';
import type { SimulatorOptions } from '../../apps/device-sim/src/index.js';
import {
  jsonLines,
  mb,
  openBenchDb,
  pass,
  ROOT,
  seedFleet,
  sleep,
  startServer,
  throwawayDatabase,
  until,
} from '../gateway/harness.js';
import { capacity, cpuSplitOver, rssMean } from './capacity.js';
import { kb, row, type StreamMemory } from './report.js';
import { deviceIds, INGEST, PASSWORD, playUrls, WARM_STREAMS } from './setup.js';

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

export async function measureIngest(): Promise<StreamMemory> {
  const oursMemory: StreamMemory = {};
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
  return oursMemory;
}
