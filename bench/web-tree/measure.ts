// bench/web-tree's measurement: first rows after a navigation, every area expanded, a steady scroll beside an idle
// baseline, main-thread work, the heap, and a profiled second scroll.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { basename } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { expandAllAreas, idleFrames, probe, steadyScroll, type ProbeWindow } from './page-probes.js';
import { AREAS_PER_PROJECT, EXPAND_BUDGET_MS, PROJECTS, SCROLL_MS } from './setup.js';

/** Used JS heap after a forced GC, in MB: what the page keeps, not garbage awaiting collection. */
async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 2 ** 20;
}

/** Chromium's cumulative main-thread figures (seconds): script, style, layout and all tasks. */
async function mainThread(cdp: CDPSession) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return {
    task: get('TaskDuration'),
    script: get('ScriptDuration'),
    style: get('RecalcStyleDuration'),
    layout: get('LayoutDuration'),
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

/** Self time of a CPU profile by script file and by function (name, file, line:column), biggest first. */
function selfTimes(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    const { functionName, url, lineNumber, columnNumber } = byNode.get(id)!.callFrame;
    total += ms;
    const file = url ? basename(new URL(url, 'http://x').pathname) : functionName; // (program), (garbage collector)…
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const fn = url ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}` : functionName;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { total, files: top(byFile, 6), functions: top(byFunction, 8) };
}

export async function measure(browser: Browser, base: string, token: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  // The session the sign-in page leaves: the token cookie (the console fetches the rest with it).
  await context.addCookies([{ name: 'token', value: token, url: base, httpOnly: true }]);
  // ...and the marker the console's route guard reads (the token cookie is HttpOnly, out of the page's reach).
  await context.addInitScript(() => localStorage.setItem('signedIn', '1'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // tsx compiles with esbuild's keepNames, which wraps named functions in __name(); the page has no such helper.
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(probe);
  const cdp = await context.newCDPSession(page);

  // A first visit fetches and compiles the bundle; the budget is on the second, as a user coming back sees it.
  await page.goto(`${base}/project/index`);
  await page.waitForFunction(() => (window as unknown as ProbeWindow).__tree.firstRowsFrame !== null, null, {
    timeout: 60_000,
  });
  const cold = await page.evaluate(() => (window as unknown as ProbeWindow).__tree.firstRowsFrame!);
  await page.reload();
  await page.waitForFunction(() => (window as unknown as ProbeWindow).__tree.firstRowsFrame !== null, null, {
    timeout: 60_000,
  });
  const load = await page.evaluate(() => {
    const t = (window as unknown as ProbeWindow).__tree;
    const mine = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/project/query/mine')) as
      PerformanceResourceTiming | undefined;
    const before = t.longTasks.filter((l) => l.start <= t.firstRowsFrame!);
    return {
      firstRowsMs: t.firstRowsFrame!,
      mine: mine && {
        startMs: mine.startTime,
        endMs: mine.responseEnd,
        kb: mine.decodedBodySize / 1024,
        wireKb: mine.encodedBodySize / 1024,
      },
      longTasks: before.length,
      longest: Math.max(0, ...before.map((l) => l.duration)),
      rows: document.querySelectorAll('.project-tree .ant-tree-list-holder .ant-tree-treenode').length,
    };
  });
  const heapLoaded = await heapMb(cdp);

  // antd plays a 0.2 s collapse animation on each expansion; 400 of them back to back would take minutes of
  // waiting. DevTools' animation speed (CSS transitions included) makes them end at once: the work stays.
  await cdp.send('Animation.enable');
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 100 });
  const expand = await page.evaluate(expandAllAreas, {
    limit: PROJECTS * AREAS_PER_PROJECT,
    budgetMs: EXPAND_BUDGET_MS,
  });
  await cdp.send('Animation.setPlaybackRate', { playbackRate: 1 });
  await cdp.send('Animation.disable');
  const heapExpanded = await heapMb(cdp);

  const idle = await page.evaluate(idleFrames, 1000);
  await cdp.send('Performance.enable');
  const before = await mainThread(cdp);
  const scroll = await page.evaluate(steadyScroll, SCROLL_MS);
  const after = await mainThread(cdp);
  const heapScrolled = await heapMb(cdp);
  const dom = await page.evaluate(() => document.getElementsByTagName('*').length);
  const perFrame = (key: keyof typeof before) => (after[key] - before[key]) / scroll.frames.length;

  // A second scroll under the sampling profiler (it slows the page a little: only its shares are read).
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.evaluate(steadyScroll, SCROLL_MS);
  const { profile } = await cdp.send('Profiler.stop');
  await context.close();
  return {
    cold,
    load,
    expand,
    idle,
    scroll,
    work: { task: perFrame('task'), script: perFrame('script'), style: perFrame('style'), layout: perFrame('layout') },
    profile: selfTimes(profile),
    heap: { loaded: heapLoaded, expanded: heapExpanded, scrolled: heapScrolled },
    dom,
    errors,
  };
}

export type Measured = Awaited<ReturnType<typeof measure>>;
