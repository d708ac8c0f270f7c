// bench/web-tree's figures and verdict against the budgets.
import { percentile } from '../support.js';
import type { Measured } from './measure.js';
import { AREAS_PER_PROJECT, BUDGET, DEVICES, PROJECTS, SCROLL_MS } from './setup.js';

export function report(r: Measured, o: { seededMs: number; loadAvg: number[]; startedAt: number }) {
  const f = (n: number, digits = 0) => n.toFixed(digits);
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const frames = sorted(r.scroll.frames);
  const idle = sorted(r.idle);
  const shown = sorted(r.expand.shown);
  const settled = sorted(r.expand.settled);
  const p95 = percentile(frames, 95);
  const longest = Math.max(0, ...r.scroll.longTasks.map((t) => t.duration));
  const maxRows = Math.max(r.load.rows, r.expand.maxRows, r.scroll.maxRows);
  const areas = PROJECTS * AREAS_PER_PROJECT;
  const lines: [string, string, string][] = [
    [
      'first tree rows after navigation',
      `${f(r.load.firstRowsMs)} ms (first visit ${f(r.cold)} ms)`,
      `≤ ${BUDGET.firstRowsMs} ms`,
    ],
    [
      '  query/mine',
      r.load.mine
        ? `${f(r.load.mine.startMs)} → ${f(r.load.mine.endMs)} ms, ${f(r.load.mine.kb)} kB (${f(r.load.mine.wireKb)} kB sent)`
        : 'not seen',
      '',
    ],
    ['  long tasks before first rows', `${r.load.longTasks}, longest ${f(r.load.longest)} ms`, ''],
    [
      // Fewer than all only when the time cap stopped it; the scroll then runs over a smaller tree.
      `expand ${r.expand.settled.length} of ${areas} areas${r.expand.settled.length < areas ? ' (time cap)' : ''}`,
      `${f(r.expand.totalMs / 1000, 1)} s; a click to rows shown p50 ${f(percentile(shown, 50))} / p95 ${f(percentile(shown, 95))} ms, ` +
        `settled p95 ${f(percentile(settled, 95))} ms${r.expand.retries ? `, ${r.expand.retries} dropped clicks redone` : ''}`,
      '',
    ],
    ['idle frames (baseline)', `p50 ${f(percentile(idle, 50), 1)} / p95 ${f(percentile(idle, 95), 1)} ms`, ''],
    [
      `scroll ${SCROLL_MS / 1000} s top → bottom (${f(r.scroll.scrollHeight / 1000)}k px)`,
      `${r.scroll.frames.length} frames; p50 ${f(percentile(frames, 50), 1)} / p95 ${f(p95, 1)} / max ${f(frames.at(-1)!, 1)} ms`,
      `p95 ≤ ${BUDGET.scrollP95Ms} ms`,
    ],
    [
      '  main thread a frame',
      `${f(r.work.task, 1)} ms (script ${f(r.work.script, 1)}, style ${f(r.work.style, 1)}, layout ${f(r.work.layout, 1)})`,
      '',
    ],
    ['  React commits a frame', f(r.scroll.commits / r.scroll.frames.length, 2), ''],
    ['  long tasks', `${r.scroll.longTasks.length}, longest ${f(longest)} ms`, `none > ${BUDGET.longTaskMs} ms`],
    [
      'tree rows in the DOM (max)',
      `${maxRows} (load ${r.load.rows}, expand ${r.expand.maxRows}, scroll ${r.scroll.maxRows})`,
      `< ${BUDGET.renderedRows}`,
    ],
    ['DOM elements after scrolling', String(r.dom), ''],
    [
      'JS heap used after GC',
      `${f(r.heap.loaded, 1)} MB loaded, ${f(r.heap.expanded, 1)} expanded, ${f(r.heap.scrolled, 1)} scrolled`,
      '',
    ],
  ];
  console.log(
    `\nbench/web-tree — ${PROJECTS} projects, ${areas} areas, ${DEVICES} devices (seeded in ${f(o.seededMs / 1000, 1)} s); ` +
      `load average at start ${o.loadAvg.map((l) => l.toFixed(2)).join(' ')}`,
  );
  for (const [name, value, budget] of lines) console.log(`${name.padEnd(40)} ${value.padEnd(76)} ${budget}`);
  const share = (ms: number) => `${f((100 * ms) / r.profile.total)}%`.padStart(4);
  console.log(`profiled scroll, self time by script (${f(r.profile.total)} ms sampled):`);
  for (const [file, ms] of r.profile.files) console.log(`  ${share(ms)} ${file}`);
  console.log('  by function:');
  for (const [fn, ms] of r.profile.functions) console.log(`  ${share(ms)} ${fn}`);
  const checks: [string, boolean][] = [
    ['first rows', r.load.firstRowsMs <= BUDGET.firstRowsMs],
    ['scroll p95', p95 <= BUDGET.scrollP95Ms],
    ['long tasks', longest <= BUDGET.longTaskMs],
    ['rendered rows', maxRows < BUDGET.renderedRows],
    ['scrolled to the bottom', r.scroll.reachedBottom],
  ];
  const failed = checks.filter(([, ok]) => !ok).map(([name]) => name);
  console.log(`verdict: ${failed.length === 0 ? 'smooth' : `NOT smooth (${failed.join(', ')})`}`);
  if (r.errors.length > 0) console.log(`page errors: ${r.errors.join(' | ')}`);
  console.log(`(whole run ${f((Date.now() - o.startedAt) / 1000, 1)} s)`);
}
