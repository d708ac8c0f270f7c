// What the process-level benchmarks (gateway, media) share: free ports, a throwaway PostgreSQL database,
// the server as a child process, its CPU and memory from /proc, the seeded fleet, and a signed-in user.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type Db } from '../../apps/server/src/db/database.js';
import { hashPassword } from '../../apps/server/src/modules/session/passwords.js';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLK_TCK = 100;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** A port free on both TCP and UDP (SIP and RTP bind both). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
      s.on('error', reject);
    });
    if (!udpPortsInUse().has(port)) return port;
  }
}

function udpPortsInUse(): Set<number> {
  const ports = new Set<number>();
  for (const line of readFileSync('/proc/net/udp', 'latin1').split('\n').slice(1)) {
    const local = line.trim().split(/\s+/)[1];
    if (local) ports.add(parseInt(local.split(':')[1]!, 16));
  }
  return ports;
}

/** A database of its own for the run, dropped afterwards (the server child migrates it). */
export async function throwawayDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}"`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    },
  };
}

export interface ServerChild {
  proc: ChildProcess;
  pid: number;
  http: string;
  sipPort: number;
  rtpPort: number;
  stderr: () => string;
  stop(): Promise<void>;
}

/** The server as `node --import tsx` (one process, no tsx wrapper) so /proc/<pid> is the server itself. */
export async function startServer(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ServerChild> {
  const [httpPort, sipPort, rtpPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-'));
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      SIP_PORT: String(sipPort),
      RTP_PORT: String(rtpPort),
      MEDIA_IP: '127.0.0.1',
      SIP_PASSWORD: 'bench-sip-pass',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CONSOLE_ADMIN_PASSWORD: 'Bench@admin123',
      LOGIN_CAPTCHA: 'off',
      WEB_DIST: '/nonexistent',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-20_000);
  });
  proc.stdout!.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-20_000);
  });
  const http = `http://127.0.0.1:${httpPort}`;
  let stopping = false;
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', (code, signal) => {
      if (!stopping) console.error(`server exited (${code ?? signal}) unasked; its last output:\n${err.slice(-4000)}`);
      resolve();
    }),
  );
  await until(
    'server up',
    async () => {
      if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
      const ok = await fetch(`${http}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      return ok && udpPortsInUse().has(sipPort) && udpPortsInUse().has(rtpPort);
    },
    60_000,
  );
  return {
    proc,
    pid: proc.pid!,
    http,
    sipPort,
    rtpPort,
    stderr: () => err,
    async stop() {
      stopping = true;
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(12_000)]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds (user + system, all threads) a process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Share of one core a process used while `work` ran (or over `ms`). */
export async function cpuOver(pid: number, ms: number): Promise<{ pct: number; seconds: number }> {
  const c0 = cpuSeconds(pid);
  const t0 = performance.now();
  await sleep(ms);
  const used = cpuSeconds(pid) - c0;
  const wall = (performance.now() - t0) / 1000;
  return { pct: (100 * used) / wall, seconds: wall };
}

/** A running child's stdout as JSON lines, last one kept. */
export function jsonLines<T>(proc: ChildProcess, onLine: (v: T) => void): void {
  let buf = '';
  proc.stdout!.on('data', (c: Buffer) => {
    buf += c.toString();
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i).trim();
      buf = buf.slice(i + 1);
      if (line.startsWith('{')) onLine(JSON.parse(line) as T);
    }
  });
}

export const openBenchDb = (url: string): Promise<Db> => openDatabase({ url, poolSize: 4 });

/**
 * One enterprise, one project, `count` IPCs whose GB codes are the simulator's default IPC IDs
 * (34020000001320000001 + i) and one password, in bulk.
 */
export async function seedFleet(
  db: Db,
  o: { count: number; password: string; streamMode?: 'UDP' | 'TCP-PASSIVE' },
): Promise<{ enterpriseId: number; projectId: number; firstDeviceId: number }> {
  const { id: enterpriseId } = await db
    .insertInto('enterprise')
    .values({ name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const project = await sql<{ id: number }>`insert into project (enterprise_id, path, kind, name, logo_url)
    values (${enterpriseId}::bigint, '/', 'project', 'Bench site', '/api/file/1') returning id`.execute(db);
  const projectId = Number(project.rows[0]!.id);
  await sql`update project set path = '/' || id || '/', root_id = id where id = ${projectId}::bigint`.execute(db);
  await sql`insert into device (enterprise_id, project_id, sn, dev_name, dev_type, password, gb_code, stream_mode)
    select ${enterpriseId}::bigint, ${projectId}::bigint, 'GWB' || lpad(g::text, 9, '0'), 'Bench IPC ' || g, 'IPC',
      ${o.password}, '3402000000132' || lpad(g::text, 7, '0'), ${o.streamMode ?? 'TCP-PASSIVE'}
    from generate_series(1, ${o.count}::int) g`.execute(db);
  const first = await sql<{
    id: number;
  }>`select min(id) as id from device where enterprise_id = ${enterpriseId}::bigint`.execute(db);
  await sql`analyze device`.execute(db);
  return { enterpriseId, projectId, firstDeviceId: Number(first.rows[0]!.id) };
}

/** The enterprise's main account (cloud: every privilege in its scope), signed in over HTTP. */
export async function signIn(http: string, db: Db, enterpriseId: number): Promise<string> {
  const password = 'Bench@pass1';
  await db
    .insertInto('user')
    .values({
      enterprise_id: enterpriseId,
      login_name: 'benchboss',
      name: 'Boss',
      login_mode: 'main',
      is_cloud_account: true,
      password_hash: await hashPassword(password),
    })
    .execute();
  const key = ((await (await fetch(`${http}/rsa/getkey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await fetch(`${http}/api/session/login/rsa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'benchboss', password: cipher, loginMode: 'main' }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 1) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const pass = (ok: boolean) => (ok ? 'PASS' : 'MISS');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
