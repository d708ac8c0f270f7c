// bench/web-tree: the console's project tree with 100 projects, 400 areas and 10,000 devices in headless Chromium.
// Serves the built console from an in-process server over PGlite, seeds by SQL, then measures: first tree rows after
// a navigation, expanding every area, a steady scroll from top to bottom (rAF frame times beside an idle baseline,
// long tasks, main-thread time a frame), rows in the DOM (the tree is virtual) and the JS heap; a second, profiled
// scroll says where the time goes. Prints figures and a verdict against the budgets; asserts nothing.
//   npm run build        (once: the bench serves apps/web/dist, it builds nothing)
//   npx tsx bench/web-tree/run.ts [--scroll-ms 5000] [--dist DIR]
// --dist serves another build, e.g. an unminified one whose profile names functions (the precompress step then
// stops on the outside outDir, after the bundle is written):
//   npx vite build apps/web --minify false --outDir /tmp/web-nomin --emptyOutDir; npx tsx bench/web-tree/run.ts --dist /tmp/web-nomin
// One file a phase: setup.ts (options, the seeded console, the browser), page-probes.ts and measure.ts (what is
// measured, in the page and through DevTools), report.ts (figures and verdict).
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { measure } from './measure.js';
import { report } from './report.js';
import { DIST, launchBrowser, startConsole } from './setup.js';

async function main(): Promise<number> {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`bench/web-tree serves the built console and ${DIST} has none: run \`npm run build\` first.`);
    return 1;
  }
  const startedAt = Date.now();
  const loadAvg = loadavg();
  const bench = await startConsole();
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    report(await measure(browser, bench.base, bench.token), { seededMs: bench.seededMs, loadAvg, startedAt });
    return 0;
  } finally {
    await browser?.close();
    await bench.close();
  }
}

process.exitCode = await main();
