// bench/api: req/s and p99 of GET /api/session/get and of the sign-in call, on PGlite and on
// PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL). Prints figures; asserts nothing.
//   npm run bench:api [-- --duration 10]
import { constants, publicEncrypt } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

const duration = Number(process.argv[process.argv.indexOf('--duration') + 1]) || 10;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const adminPassword = 'Bench@pass123';

type Figures = { label: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function startServer(databaseUrl?: string): Promise<{ port: number; stop(): Promise<void> }> {
  // Node 20 does not carry tsx's loader into workers: the worker registers it before importing.
  const entry = new URL('./server-worker.ts', import.meta.url).href;
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`,
    { eval: true, workerData: { databaseUrl, adminPassword } },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
  });
  return {
    port,
    stop: async () => {
      const stopped = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}

async function measure(label: string, opts: autocannon.Options): Promise<Figures> {
  const r = await autocannon({ duration, ...opts });
  return {
    label,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

async function run(dbLabel: string, databaseUrl?: string): Promise<Figures[]> {
  const server = await startServer(databaseUrl);
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const { data } = (await (await fetch(`${base}/rsa/getkey`)).json()) as { data: { publicKey: string } };
    const password = publicEncrypt(
      { key: data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(adminPassword),
    ).toString('base64');
    const loginBody = JSON.stringify({ loginName: 'admin', password, loginMode: 'main' });
    const login = (await (
      await fetch(`${base}/api/session/login/rsa`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loginBody,
      })
    ).json()) as { code: number; data: { token: string } };
    if (login.code !== 1) throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
    // Warm-up: JIT, pool connections, plan caches.
    await autocannon({
      url: `${base}/api/session/get`,
      duration: 2,
      connections: 50,
      headers: { xaccesstoken: login.data.token },
    });
    const session = await measure(`${dbLabel}  GET /api/session/get`, {
      url: `${base}/api/session/get`,
      connections: 50,
      headers: { xaccesstoken: login.data.token, language: 'en-US' },
    });
    const signIn = await measure(`${dbLabel}  POST /api/session/login/rsa`, {
      url: `${base}/api/session/login/rsa`,
      method: 'POST',
      connections: 8,
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    return [session, signIn];
  } finally {
    await server.stop();
  }
}

const results: Figures[] = [];
results.push(...(await run('pglite  ')));
if (pgUrl) results.push(...(await run('postgres', pgUrl)));
else console.log('(set BENCH_DATABASE_URL or TEST_DATABASE_URL for the PostgreSQL run)');

console.log(`\nbench/api — ${duration} s per case, autocannon on the main thread, server in a worker thread`);
console.log('argon2id cost: m = 19 MiB, t = 2, p = 1 (OWASP baseline); RSA-OAEP-2048 decrypt per sign-in');
console.log('case                                         req/s     p50 ms   p99 ms   errors  non-2xx');
for (const f of results) {
  console.log(
    `${f.label.padEnd(44)} ${String(f.rps).padStart(7)}  ${String(f.p50).padStart(7)}  ${String(f.p99).padStart(7)}  ${String(f.errors).padStart(7)}  ${String(f.non2xx).padStart(7)}`,
  );
}
