// Web budgets: builds the console, serves it, measures first-load JS (gzip) of /home and of the
// console, runs Lighthouse on /home and prints the figures. `node bench/web/run.mjs [--no-build] [--runs=3]`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, run, serverAvailable, startConsoleServer } from '../../e2e/support/server.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { measureFirstLoad } from './measure.mjs';
import { startStaticServer } from './static-server.mjs';

const BUDGET = { homeJsGzipKb: 200, consoleJsGzipKb: 500, performance: 95, accessibility: 95 };
const args = new Map(
  process.argv
    .slice(2)
    .map((a) => a.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
const runs = Number(args.get('runs') ?? 3);
const DIST = join(ROOT, 'apps/web/dist');
const ADMIN = { login: 'admin', password: 'Bench#Admin2025' };
const kb = (bytes) => (bytes / 1024).toFixed(1);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  if (args.get('build') !== 'false' && !args.has('no-build')) {
    const code = await run('npm', ['run', 'build']);
    if (code !== 0) return code;
  }
  const tmp = mkdtempSync(join(tmpdir(), 'svc-bench-web-'));
  let api;
  let front;
  try {
    if (serverAvailable() && !args.has('stub')) {
      api = await startConsoleServer({
        dataDir: join(tmp, 'data'),
        env: { CONSOLE_ADMIN_LOGIN: ADMIN.login, CONSOLE_ADMIN_PASSWORD: ADMIN.password, LOGIN_CAPTCHA: 'off' },
      });
    }
    front = await startStaticServer({ dist: DIST, apiTarget: api?.url });
    console.log(`bench: console served at ${front.url} (${api ? `API proxied to ${api.url}` : 'stub API'})`);

    const weights = await measureFirstLoad({ base: front.url, dist: DIST, signIn: api ? ADMIN : undefined });
    const mobile = [];
    for (let i = 0; i < runs; i++) mobile.push(await runLighthouse(`${front.url}/home`));
    const desktop = await runLighthouse(`${front.url}/home`, { preset: 'desktop' });
    // The API server itself, as `npm start` serves it today (compression is up to it).
    const direct = api ? await runLighthouse(`${api.url}/home`) : undefined;

    const perf = median(mobile.map((r) => r.performance));
    const a11y = median(mobile.map((r) => r.accessibility));
    const summary = {
      at: new Date().toISOString(),
      api: api ? 'real server' : 'stub',
      homeJsGzipKb: Number(kb(weights.home.gzip)),
      consoleJsGzipKb: Number(kb(weights.console.gzip)),
      lighthouseMobile: { performance: perf, accessibility: a11y, runs: mobile },
      lighthouseDesktop: desktop,
      lighthouseDirect: direct,
      files: weights,
    };
    print(summary, weights, mobile, desktop, direct);
    const dir = join(ROOT, 'bench/web/results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `web-${summary.at.replace(/[:.]/g, '-')}.json`), `${JSON.stringify(summary, null, 2)}\n`);
    const ok =
      summary.homeJsGzipKb <= BUDGET.homeJsGzipKb &&
      summary.consoleJsGzipKb <= BUDGET.consoleJsGzipKb &&
      perf >= BUDGET.performance &&
      a11y >= BUDGET.accessibility;
    console.log(ok ? '\nAll web budgets met.' : '\nSome web budget is missed (see above).');
    // A benchmark prints figures; it is not a test (architecture §6), so it exits 0 either way.
    return 0;
  } finally {
    await front?.close();
    await api?.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

function print(summary, weights, mobile, desktop, direct) {
  const mark = (value, budget, lowerIsBetter) => ((lowerIsBetter ? value <= budget : value >= budget) ? 'ok' : 'OVER');
  console.log('\nFirst-load JavaScript (gzip level 9 of every script the page downloaded)');
  console.log(
    `  /home    ${kb(weights.home.gzip).padStart(7)} KB gzip (${kb(weights.home.raw)} KB raw, ${weights.home.files.length} files)  budget ${BUDGET.homeJsGzipKb}  ${mark(summary.homeJsGzipKb, BUDGET.homeJsGzipKb, true)}`,
  );
  console.log(
    `  console  ${kb(weights.console.gzip).padStart(7)} KB gzip (${kb(weights.console.raw)} KB raw, ${weights.console.files.length} files)  budget ${BUDGET.consoleJsGzipKb}  ${mark(summary.consoleJsGzipKb, BUDGET.consoleJsGzipKb, true)}`,
  );
  for (const [name, w] of [
    ['home', weights.home],
    ['console', weights.console],
  ]) {
    console.log(
      `  largest ${name} scripts: ${w.files
        .slice(0, 5)
        .map((f) => `${f.path.replace('/assets/', '')} ${kb(f.gzip)}`)
        .join(', ')}`,
    );
  }
  console.log(`\nLighthouse 12.8 on /home (mobile preset, simulated slow 4G + 4x CPU, ${mobile.length} runs, median)`);
  console.log(
    `  performance   ${summary.lighthouseMobile.performance}  budget ${BUDGET.performance}  ${mark(summary.lighthouseMobile.performance, BUDGET.performance)}`,
  );
  console.log(
    `  accessibility ${summary.lighthouseMobile.accessibility}  budget ${BUDGET.accessibility}  ${mark(summary.lighthouseMobile.accessibility, BUDGET.accessibility)}`,
  );
  for (const r of mobile) {
    console.log(
      `    run: perf ${r.performance} a11y ${r.accessibility} bp ${r.bestPractices} seo ${r.seo}  FCP ${r.fcpMs} ms  LCP ${r.lcpMs} ms  TBT ${r.tbtMs} ms  CLS ${r.cls}${r.accessibilityIssues.length ? `  a11y issues: ${r.accessibilityIssues.join(', ')}` : ''}`,
    );
  }
  console.log(
    `  desktop preset: perf ${desktop.performance} a11y ${desktop.accessibility}  FCP ${desktop.fcpMs} ms  LCP ${desktop.lcpMs} ms  TBT ${desktop.tbtMs} ms`,
  );
  if (direct) {
    console.log(
      `  straight from the API server (no compressing front): perf ${direct.performance} a11y ${direct.accessibility}  FCP ${direct.fcpMs} ms  LCP ${direct.lcpMs} ms`,
    );
  }
}

process.exitCode = await main();
