// Ours, first process: time to first frame (cold INVITE, warm join), relay latency RTP-in → WebSocket-out, and the
// capacity of one stream.
import { sql } from 'kysely';
import WebSocket from 'ws';
import { createSimulator } from '../../apps/device-sim/src/index.js';
import { percentile } from '../support.js';
import { openBenchDb, pass, seedFleet, sleep, startServer, throwawayDatabase, until } from '../gateway/harness.js';
import { capacity, warmUp, type Capacity } from './capacity.js';
import { capacityRows, ms, row } from './report.js';
import { COLD, deviceIds, flag, gbOf, LOCAL, PASSWORD, playUrls, viewerAuthNow, VIEWERS, WARM } from './setup.js';

/** A player's WebSocket: ours opens only for the session that asked for the URL, named in the header. */
function wsOpen(url: string): WebSocket {
  const auth = viewerAuthNow();
  const headers = auth ? { xaccesstoken: auth.token } : {};
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

/** Capacity by viewer count, for the comparisons; empty when --skip-capacity. */
export async function measureOurs(): Promise<Map<number, Capacity>> {
  const ours = new Map<number, Capacity>();
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
  return ours;
}
