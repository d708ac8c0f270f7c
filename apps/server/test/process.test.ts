// The server as a process: first-start account with a password printed once, the key that seals
// device passwords made once beside the database, graceful SIGTERM, one line for a bad setting, and
// `npm run migrate`; one process per embedded database, and no database opened by a start that cannot
// listen.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'svc-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Started = { child: ChildProcess; port: number; stdout: () => string };

function start(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      // The GB28181 gateway's SIP and RTP ports too: free ones, never a fixed 5060 another run may hold.
      SIP_PORT: '0',
      RTP_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...env,
    },
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line in: ${out}`)), 30_000);
    child.stdout!.on('data', () => {
      const m = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]), stdout: () => out });
      }
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: serverDir,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function signIn(port: number, password: string): Promise<number> {
  const base = `http://127.0.0.1:${port}`;
  const key = ((await (await fetch(`${base}/rsa/getkey`)).json()) as { data: { publicKey: string } }).data.publicKey;
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await fetch(`${base}/api/session/login/rsa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ loginName: 'admin', password: cipher, loginMode: 'main' }),
  });
  return ((await res.json()) as { code: number }).code;
}

const keyFile = join(dataDir, 'secret.key');

describe('server process', () => {
  let generated = '';
  let key = '';

  // Two cold tsx starts and a fresh PGlite each: tens of seconds when another test file shares the 2 cores.
  it('applies migrations with `npm run migrate`, once', async () => {
    const env = { DATA_DIR: dataDir };
    const first = await run(['src/db/migrate-cli.ts'], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^applied: 0001-foundation, 0002-organisation/);
    const second = await run(['src/db/migrate-cli.ts'], env);
    expect(second.stdout).toBe('database is up to date\n');
  }, 90_000);

  it('creates the main account on first start and prints its generated password once', async () => {
    const s = await start({});
    expect((await fetch(`http://127.0.0.1:${s.port}/healthz`)).status).toBe(200);
    const m = /Generated password:\s+(\S+)/.exec(s.stdout());
    expect(m).not.toBeNull();
    generated = m![1]!;
    expect(await signIn(s.port, generated)).toBe(1);
    // The gateway's default device password is generated, kept and shown once the same way.
    await expect.poll(() => s.stdout(), { timeout: 10_000 }).toMatch(/GB28181 default device password: \S{8,}/);
    // With HOST=127.0.0.1 and no MEDIA_IP, devices are told the address SIP and RTP listen on.
    expect(s.stdout()).toMatch(/devices register at 127\.0\.0\.1:\d+ \(UDP and TCP\)/);
    expect(s.stdout()).toMatch(/devices send live video \(RTP, UDP and TCP\) to 127\.0\.0\.1:\d+, the HOST address/);
    expect(s.stdout()).not.toMatch(/"level":40/);
    // With no SECRET_KEY, the key that seals it in the database is made beside it, for its owner only.
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    key = readFileSync(keyFile, 'utf8');
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=\n$/);
    expect(await stop(s.child)).toBe(0);
  });

  it('keeps the account on the next start and prints no password', async () => {
    const s = await start({});
    expect(await signIn(s.port, generated)).toBe(1);
    // By now the gateway is listening (it binds right after HTTP): neither secret is printed again.
    await expect.poll(() => s.stdout(), { timeout: 10_000 }).toMatch(/GB28181 SIP server: devices register at/);
    expect(s.stdout()).not.toContain('Generated password');
    expect(s.stdout()).not.toContain('default device password');
    // The same key, read again: the sealed default password opened with it (else the start had failed).
    expect(readFileSync(keyFile, 'utf8')).toBe(key);
    expect(await stop(s.child)).toBe(0);
  });

  it('stops on a bad setting with one line naming it', async () => {
    const res = await run(['src/main.ts'], { PORT: 'eighty', DATA_DIR: dataDir });
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^bad setting PORT: /)]);
  });

  it('refuses a second process on the same DATA_DIR with one line, and a killed one leaves it usable', async () => {
    const first = await start({});
    const second = await run(['src/main.ts'], { DATA_DIR: dataDir, PORT: '0', SIP_PORT: '0', RTP_PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^DATA_DIR .* is in use by another console process \(pid \d+\)/),
    ]);
    // `npm run migrate` keeps off it too.
    const migrate = await run(['src/db/migrate-cli.ts'], { DATA_DIR: dataDir });
    expect(migrate.code).toBe(1);
    expect(migrate.stderr).toMatch(/is in use by another console process/);
    expect(await signIn(first.port, generated)).toBe(1);
    // A process killed outright leaves its pid file; the next start takes it over and the database opens.
    await new Promise((resolve) => {
      first.child.once('exit', resolve);
      first.child.kill('SIGKILL');
    });
    const next = await start({});
    expect(await signIn(next.port, generated)).toBe(1);
    expect(await stop(next.child)).toBe(0);
  }, 90_000);

  it('refuses a start whose HTTP port is taken before it opens the database', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    const freshDir = mkdtempSync(join(tmpdir(), 'svc-process-port-'));
    try {
      const res = await run(['src/main.ts'], { DATA_DIR: freshDir, HOST: '127.0.0.1', PORT: String(port) });
      expect(res.code).toBe(1);
      expect(res.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^HTTP port ${port}/tcp on 127\\.0\\.0\\.1 is in use by another process`)),
      ]);
      expect(existsSync(join(freshDir, 'pglite'))).toBe(false);
    } finally {
      holder.close();
      rmSync(freshDir, { recursive: true, force: true });
    }
  });

  it('keeps the demo and its published passwords out of a console it did not make', async () => {
    // dataDir holds this file's console by now.
    const res = await run(['src/demo.ts'], { DATA_DIR: dataDir, PORT: '0', SIP_PORT: '0', RTP_PORT: '0' });
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^DATA_DIR .* holds a console the demo did not make/),
    ]);
    const pg = await run(['src/demo.ts'], { DATABASE_URL: 'postgres://127.0.0.1:1/none', DATA_DIR: dataDir });
    expect(pg.code).toBe(1);
    expect(pg.stderr).toMatch(/unset DATABASE_URL/);
  });
});
