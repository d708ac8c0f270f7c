// What a process checks before it touches the database: that no other console process has the
// embedded database in DATA_DIR open (two PGlite instances on one folder corrupt it), and that the
// ports it will listen on are free (a start that fails on EADDRINUSE must not have opened it first).
import { createSocket } from 'node:dgram';
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A start refused before anything was opened: one line for the terminal. */
export class StartRefused extends Error {}

const LOCK_FILE = 'console.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes DATA_DIR for this process: a pid file created exclusively (O_EXCL), as PostgreSQL's own
 * postmaster.pid does. A file left by a process that died (kill -9, power loss) names a pid no
 * longer running and is taken over. Answers the release, which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new StartRefused(
          `DATA_DIR ${dataDir} is in use by another console process (pid ${holder}): stop it, or start this one with another DATA_DIR`,
        );
      }
      // Stale: its process is gone. Remove and try once more (another starter may win the race).
      unlinkSync(path);
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      try {
        if (Number.parseInt(readFileSync(path, 'utf8'), 10) === process.pid) unlinkSync(path);
      } catch {
        // Already gone: nothing to release.
      }
    };
    process.on('exit', release);
    return release;
  }
  throw new StartRefused(`DATA_DIR ${dataDir}: could not take ${LOCK_FILE}; another console process is starting`);
}

type Port = { name: string; port: number; udp?: boolean; tcp?: boolean };

/** Binds each port (TCP and/or UDP) on `host` and lets it go again; refuses on the first that is taken. */
export async function checkPortsFree(host: string, ports: Port[]): Promise<void> {
  for (const p of ports) {
    // Port 0 asks the system for a free one at listen time: nothing to check.
    if (p.port === 0) continue;
    const refuse = (err: NodeJS.ErrnoException, proto: string) =>
      new StartRefused(
        err.code === 'EADDRINUSE'
          ? `${p.name} port ${p.port}/${proto} on ${host} is in use by another process: stop it or choose another port`
          : `${p.name} port ${p.port}/${proto} on ${host} cannot be bound: ${err.code ?? err.message}`,
      );
    if (p.tcp !== false) {
      await new Promise<void>((resolve, reject) => {
        const server = createServer();
        server.once('error', (err) => reject(refuse(err, 'tcp')));
        server.listen({ port: p.port, host, exclusive: true }, () => server.close(() => resolve()));
      });
    }
    if (p.udp) {
      await new Promise<void>((resolve, reject) => {
        const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
        socket.once('error', (err) => {
          socket.close();
          reject(refuse(err, 'udp'));
        });
        socket.bind({ port: p.port, address: host, exclusive: true }, () => socket.close(() => resolve()));
      });
    }
  }
}
