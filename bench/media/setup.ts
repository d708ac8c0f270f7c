// bench/media's options and sizes, the wait for a quiet machine, and the signed-in play URLs the phases of ours use.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { load, openBenchDb, ROOT, signIn, sleep, type ServerChild } from '../gateway/harness.js';

const argOf = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
export const flag = (name: string) => process.argv.includes(`--${name}`);
export const VIEWERS = (argOf('viewers') ?? '2000,3000').split(',').map(Number);
export const INGEST = Number(argOf('ingest') ?? 300);
export const WINDOW_S = Number(argOf('window') ?? 30);
/** The peer's streams: RTMP pushed by ffmpeg, fifty to a process (its tee muxer), as many as ours by default. */
export const PEER_INGEST = Number(argOf('peer-ingest') ?? INGEST);
export const COLD = 20;
export const WARM = 50;
export const LOCAL = 30; // devices simulated in this process (cold trials, warm trials, relay, capacity source)
export const PASSWORD = 'bench-dev-pass';
export const SAMPLE = join(ROOT, 'apps/device-sim/assets/sample-640x360-25fps.h264');
const QUIET_LOAD = 1.5;
/** Viewer processes: one, on the core the server does not use. */
export const CLIENT_PROCS = Number(argOf('client-procs') ?? 1);
/**
 * Ingest memory is the growth from this many streams to all of them, ours and the peer's alike: first-use
 * costs (code compiled, pools and heap sized) are not charged to the streams.
 */
export const WARM_STREAMS = 5;

/** Waits (polling every 30 s, up to 10 min) until nothing else loads the machine; answers the load then. */
export async function quiet(label: string): Promise<string> {
  const end = Date.now() + 600_000;
  while (loadavg()[0]! >= QUIET_LOAD && Date.now() < end) {
    console.log(`  ${label}: load average ${load()}, waiting for < ${QUIET_LOAD}`);
    await sleep(30_000);
  }
  return load();
}

/** Our console's base and a session token, once signed in: what viewers mint their play URLs with. */
let viewerAuth: { mint: string; token: string } | undefined;

/** What viewers of our console connect with, once a phase of ours has signed in. */
export const viewerAuthNow = () => viewerAuth;

/** Logs in and answers a function for play URLs (each call starts or joins the session and touches it). */
export async function playUrls(server: ServerChild, db: Awaited<ReturnType<typeof openBenchDb>>, enterpriseId: number) {
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

export const gbOf = (n: number) => `3402000000132${String(n).padStart(7, '0')}`; // n is 1-based

export async function deviceIds(db: Awaited<ReturnType<typeof openBenchDb>>) {
  const ids = new Map(
    (await db.selectFrom('device').select(['id', 'gb_code']).execute()).map((r) => [r.gb_code!, r.id]),
  );
  return (n: number) => ids.get(gbOf(n))!;
}
