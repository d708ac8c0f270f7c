// Reading a server's .cpuprofile (node --cpu-prof) for bench/alarms --ingest-sip: where the main thread's
// time went within the measured window, by stage of the alarm path, by package or file, and by function.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Where a frame's code lives, for grouping: a package, a file of ours, or V8/Node's own. */
function areaOf(url: string, fn: string): string {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const ours = /\/((?:apps|packages)\/.+)$/.exec(url);
  if (ours) return ours[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

/** Stages of the alarm path, by what the sampled stack holds (first match wins, most specific first). */
const STAGES: [string, RegExp][] = [
  ['picture: storeImage (file row, mkdir/write/rename)', /storeImage/],
  ['picture: upload route, rest', /modules\/alarm\/pictures\.ts/],
  ['HTTP (fastify, node http)', /fastify|node:_http|node:http|parserOn|onconnection/],
  ['UDP send/receive (dgram)', /node:dgram/],
  ['SIP parse and handling', /gateway\/gb28181|packages\/gb28181/],
  ['PostgreSQL client (pg, kysely)', /node_modules\/(pg|pg-protocol|pg-pool|kysely)\//],
  ['garbage collector', /\(garbage collector\)/],
  ['idle (event loop waiting)', /\(idle\)/],
];

/**
 * Self and inclusive time of the server's profile within [fromUs, toUs]. V8's profile clock and
 * process.hrtime are both CLOCK_MONOTONIC on Linux, so the parent's hrtime marks cut the window exactly.
 */
export function summariseProfile(file: string, fromUs: number, toUs: number): string[] {
  const p = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inWindow = fromUs >= p.startTime && toUs <= p.endTime;
  const self = new Map<string, number>();
  const area = new Map<string, number>();
  const incl = new Map<string, number>();
  const stage = new Map<string, number>();
  let t = p.startTime;
  let total = 0;
  // No line numbers: tsx's transpiled code would give the generated line, not the source's.
  const key = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${areaOf(n.callFrame.url, n.callFrame.functionName)}`;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    if (inWindow && (t < fromUs || t > toUs)) continue;
    // The delta before a sample is the time it stands for.
    const dt = p.timeDeltas[i + 1] ?? 0;
    const n = byId.get(p.samples[i]!)!;
    total += dt;
    self.set(key(n), (self.get(key(n)) ?? 0) + dt);
    const a = areaOf(n.callFrame.url, n.callFrame.functionName);
    area.set(a, (area.get(a) ?? 0) + dt);
    const stack: string[] = [];
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!.callFrame;
      stack.push(`${f.functionName} ${f.url}`);
    }
    const joined = stack.join('|');
    const st = STAGES.find(([, re]) => re.test(joined))?.[0] ?? 'other';
    stage.set(st, (stage.get(st) ?? 0) + dt);
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const f = byId.get(id)!;
      if (!/\/(apps|packages)\//.test(f.callFrame.url) || /node_modules/.test(f.callFrame.url)) continue;
      const k = key(f);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + dt);
    }
  }
  const pct = (us: number) => `${((100 * us) / Math.max(total, 1)).toFixed(1).padStart(5)} %`;
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us)}  ${k}`);
  return [
    `server main-thread profile, ${inWindow ? 'steady window only' : 'whole run (window marks outside the profile)'}: ${(total / 1e6).toFixed(1)} s of wall-clock samples (a thread waiting for a CPU is sampled where it stopped)`,
    'by stage of the alarm path:',
    ...top(stage, STAGES.length + 1),
    'self time by area:',
    ...top(area, 14),
    'self time by function:',
    ...top(self, 22),
    'inclusive time, our code (apps/, packages/):',
    ...top(incl, 24),
  ];
}
