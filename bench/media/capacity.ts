// Viewer processes (viewers.ts) and the capacity measurement ours, the floor and the peer share: wait for a quiet
// machine, open the viewers, then the server's CPU and RSS and the clients' figures over one window.
import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { jsonLines, ROOT, rssBytes, sleep, until } from '../gateway/harness.js';
import { CLIENT_PROCS, quiet, viewerAuthNow, WINDOW_S } from './setup.js';

/** One line of viewers.ts. */
export type Report = {
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

/** User and system CPU seconds of a process so far (/proc/<pid>/stat utime, stime at 100 Hz). */
function cpuTimes(pid: number): { user: number; sys: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(f[11]) / 100, sys: Number(f[12]) / 100 };
}

/** Share of one core a process used over `ms`, split into user (JavaScript, V8) and system (the kernel: TCP). */
export async function cpuSplitOver(pid: number, ms: number) {
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
export async function rssMean(pid: number, ms = 10_000): Promise<number> {
  let sum = 0;
  let n = 0;
  for (const end = performance.now() + ms; performance.now() < end; n++) {
    sum += rssBytes(pid);
    await sleep(500);
  }
  return sum / Math.max(1, n);
}

function startViewerProc(urls: string[], perUrl: number, kind: 'fmp4' | 'flv') {
  const auth = kind === 'fmp4' ? (viewerAuthNow() ?? {}) : {};
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

export type Capacity = Awaited<ReturnType<typeof capacity>>;

/**
 * A round of viewers before the first measured one, in each process alike: code compiled, pools and
 * heap grown once, so that the first figure is not charged with what any first round costs.
 */
export async function warmUp(streams: () => Promise<string[]>, kind: 'fmp4' | 'flv') {
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
export async function capacity(
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
