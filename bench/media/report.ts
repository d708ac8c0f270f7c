// bench/media's figures: each printed as it is measured, then ours beside the peer and the floor, then the whole table.
import { load, mb, pass } from '../gateway/harness.js';
import type { Capacity } from './capacity.js';
import { VIEWERS } from './setup.js';

const rows: [string, string, string, string][] = [];
export const row = (name: string, value: string, target = '', verdict = '') => {
  rows.push([name, value, target, verdict]);
  console.log(`  ${name}: ${value} ${verdict}`);
};
export const ms = (v: number) => `${v.toFixed(1)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Our memory a stream in the ingest phase, with no viewer and with one. */
export type StreamMemory = { perStream?: number; perStreamViewer?: number };
/** node-media-server's figures: capacity by viewer count, memory a stream. */
export type PeerFigures = { cap: Map<number, Capacity> } & StreamMemory;

export function capacityRows(who: string, n: number, c: Capacity, verdicts: boolean) {
  const r = c.report;
  row(
    `${who} ${n} viewers: server CPU`,
    `${c.cpu.toFixed(1)} % of a core (user ${c.cpuUser.toFixed(1)}, system ${c.cpuSys.toFixed(1)}; ` +
      `${c.idleCpu.toFixed(1)} before the viewers); ` +
      `clients ${c.clientCpu.toFixed(1)} % (system ${c.clientSys.toFixed(1)}; ${(r.messagesPerS / 1000).toFixed(1)} k msg/s, ` +
      `${r.mbitPerS.toFixed(0)} Mbit/s in); load before ${c.loadAt}`,
    verdicts && n === 2000 ? '≤ 40 %' : '',
    verdicts && n === 2000 ? pass(c.cpu <= 40) : '',
  );
  row(
    `${who} ${n} viewers: behind / closed`,
    `${r.behind} behind (${r.behindRate} under rate, ${r.behindDrift} drifting), ${r.closedInWindow} closed in window, ` +
      `${r.viewers - r.open} closed in all ${JSON.stringify(r.closeCodes)}; stream ${r.streamKbps.toFixed(0)} kbit/s, ` +
      `slowest ${r.minViewerKbps?.toFixed(0)} kbit/s; drift p99 ${r.driftP99Ms?.toFixed(0)} ms, max ${r.driftMaxMs?.toFixed(0)} ms`,
    verdicts && n === 3000 ? '0 behind' : '',
    verdicts && n === 3000 ? pass(r.behind === 0 && r.open === n) : '',
  );
  row(`${who} ${n} viewers: RSS`, `${mb(c.rss)} (before ${mb(c.rss0)}; ${kb(c.perViewer)} a viewer)`);
}

/** Ours beside the peer (memory a viewer and a stream) and the floor (server CPU), where both were measured. */
export function compare(
  ours: Map<number, Capacity>,
  oursMemory: StreamMemory,
  floor: Map<number, Capacity>,
  peer: PeerFigures | undefined,
) {
  if (peer) {
    for (const n of VIEWERS) {
      const o = ours.get(n);
      const p = peer.cap.get(n);
      if (o && p)
        row(
          `memory a viewer at ${n}: ours vs peer`,
          `${kb(o.perViewer)} vs ${kb(p.perViewer)}`,
          '< peer',
          pass(o.perViewer < p.perViewer),
        );
    }
    if (oursMemory.perStream !== undefined && peer.perStream !== undefined) {
      row(
        'memory a stream, no viewer: ours vs peer',
        `${kb(oursMemory.perStream)} vs ${kb(peer.perStream)}`,
        '< peer',
        pass(oursMemory.perStream < peer.perStream),
      );
      row(
        'memory a stream, one viewer: ours vs peer',
        `${kb(oursMemory.perStreamViewer!)} vs ${kb(peer.perStreamViewer!)}`,
        '< peer',
        pass(oursMemory.perStreamViewer! < peer.perStreamViewer!),
      );
    }
  }
  for (const n of VIEWERS) {
    const o = ours.get(n);
    const f = floor.get(n);
    if (o && f)
      row(
        `server CPU at ${n} viewers: ours vs floor`,
        `${o.cpu.toFixed(1)} vs ${f.cpu.toFixed(1)} % of a core (system ${o.cpuSys.toFixed(1)} vs ${f.cpuSys.toFixed(1)}); ` +
          `ours above the floor: ${(o.cpu - f.cpu).toFixed(1)} points`,
      );
  }
}

/** The whole table, after a line on the run. */
export function printTable(started: number, loadBefore: string) {
  console.log(
    `\nbench/media — server child on PostgreSQL, ${((Date.now() - started) / 1000).toFixed(0)} s; load average before ${loadBefore}, after ${load()}`,
  );
  for (const [name, value, target, verdict] of rows)
    console.log(`${name.padEnd(42)} ${value.padEnd(70)} ${target.padEnd(10)} ${verdict}`);
}
