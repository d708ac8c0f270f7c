// What bench/web-tree runs inside the page (page.evaluate, addInitScript): each function is sent as its source, so it
// uses nothing from outside itself but types.
/// <reference lib="dom" />

export interface TreeProbe {
  firstRowsInDom: number | null;
  firstRowsFrame: number | null;
  longTasks: { start: number; duration: number }[];
  observer: PerformanceObserver | null;
  /** React commits so far, counted through the hook React DevTools uses. */
  commits: number;
}
export type ProbeWindow = Window & { __tree: TreeProbe };

/** Installed before the console's scripts: long tasks from the start, and when the first tree rows reach the DOM. */
export function probe() {
  const state: TreeProbe = { firstRowsInDom: null, firstRowsFrame: null, longTasks: [], observer: null, commits: 0 };
  (window as unknown as ProbeWindow).__tree = state;
  // React (production builds too) reports each commit to a DevTools hook when one is present before it loads.
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberRoot: () => void state.commits++,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
  };
  state.observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  });
  state.observer.observe({ type: 'longtask', buffered: true });
  const rows = new MutationObserver(() => {
    if (!document.querySelector('.project-tree .ant-tree-list-holder .project-tree-label')) return;
    rows.disconnect();
    state.firstRowsInDom = performance.now();
    // The frame that paints them starts at this callback (rAF runs just before paint).
    requestAnimationFrame((now) => (state.firstRowsFrame = now));
  });
  rows.observe(document, { childList: true, subtree: true });
}

/**
 * Clicks the switcher of every folded area, scrolling down as it goes, each click once the previous expansion has
 * settled (rc-tree ignores rows in their expand animation). Per click: the time to the first frame showing the row
 * expanded (what the user waits for) and to the frame after the animation ends.
 */
export function expandAllAreas({ limit, budgetMs }: { limit: number; budgetMs: number }) {
  const holder = document.querySelector<HTMLElement>('.project-tree .ant-tree-list-holder')!;
  const frame = () => new Promise<number>((r) => requestAnimationFrame(r));
  const rowsInDom = () => holder.querySelectorAll('.ant-tree-treenode').length;
  const folded = () =>
    Array.from(holder.querySelectorAll<HTMLElement>('.ant-tree-treenode[aria-expanded="false"]')).find(
      (row) => row.querySelector('.project-tree-area') && !row.closest('.ant-tree-treenode-motion'),
    );
  const titled = (title: string) =>
    Array.from(holder.querySelectorAll<HTMLElement>('.ant-tree-treenode')).find(
      (row) => row.querySelector('.project-tree-area .project-tree-label')?.textContent === title,
    );
  return (async () => {
    holder.scrollTop = 0;
    await frame();
    const shown: number[] = [];
    const settled: number[] = [];
    let maxRows = rowsInDom();
    let retries = 0;
    const start = performance.now();
    while (settled.length < limit && performance.now() - start < budgetMs) {
      const row = folded();
      if (!row) {
        const before = holder.scrollTop;
        holder.scrollTop = before + holder.clientHeight;
        await frame();
        await frame();
        if (holder.scrollTop === before) break;
        continue;
      }
      const title = row.querySelector('.project-tree-label')!.textContent!;
      const t0 = performance.now();
      row.querySelector<HTMLElement>('.ant-tree-switcher')!.click();
      let firstShown: number | null = null;
      for (let n = 1; ; n++) {
        await frame();
        maxRows = Math.max(maxRows, rowsInDom());
        const target = titled(title);
        // performance.now(), not the frame's timestamp: DevTools' animation speed scales the latter.
        if (firstShown === null && target?.getAttribute('aria-expanded') === 'true')
          firstShown = performance.now() - t0;
        if (firstShown !== null && !holder.querySelector('.ant-tree-treenode-motion')) break;
        // rc-tree drops an expansion while it still counts its list as changing (cleared in a timeout after the
        // previous animation): still folded and nothing moving, so the click is made again, as a user would.
        if (firstShown === null && n % 30 === 0 && target && !holder.querySelector('.ant-tree-treenode-motion')) {
          target.querySelector<HTMLElement>('.ant-tree-switcher')!.click();
          retries++;
        }
        if (n > 600) throw new Error(`the area ${title} does not expand`);
      }
      shown.push(firstShown);
      settled.push(performance.now() - t0);
      // Let that timeout run before the next click.
      await new Promise((r) => setTimeout(r));
    }
    return { shown, settled, retries, totalMs: performance.now() - start, maxRows };
  })();
}

/** rAF frame times over `ms` while nothing happens: what this browser on this machine gives at best. */
export function idleFrames(ms: number) {
  return new Promise<number[]>((done) => {
    const frames: number[] = [];
    let start = 0;
    let last = 0;
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      if (now - start < ms) requestAnimationFrame(step);
      else done(frames);
    };
    requestAnimationFrame((now) => {
      start = last = now;
      requestAnimationFrame(step);
    });
  });
}

/** Scrolls the tree from top to bottom at a steady pace over `ms`, one step a frame; frame times and long tasks. */
export function steadyScroll(ms: number) {
  const probed = (window as unknown as ProbeWindow).__tree;
  const holder = document.querySelector<HTMLElement>('.project-tree .ant-tree-list-holder')!;
  const rowsInDom = () => holder.querySelectorAll('.ant-tree-treenode').length;
  holder.scrollTop = 0;
  return new Promise<{
    frames: number[];
    commits: number;
    maxRows: number;
    scrollHeight: number;
    reachedBottom: boolean;
    longTasks: { start: number; duration: number }[];
  }>((done) => {
    const frames: number[] = [];
    let maxRows = 0;
    let start = 0;
    let last = 0;
    // Long tasks are on the performance clock; frame timestamps may be offset from it once DevTools has changed
    // the animation speed, so the window long tasks are picked in is read from performance.now().
    const from = performance.now();
    const commits = probed.commits;
    const step = (now: number) => {
      frames.push(now - last);
      last = now;
      const progress = Math.min(1, (now - start) / ms);
      // Against the current height: rc-virtual-list corrects it as rows get measured.
      holder.scrollTop = (holder.scrollHeight - holder.clientHeight) * progress;
      maxRows = Math.max(maxRows, rowsInDom());
      if (progress < 1) {
        requestAnimationFrame(step);
        return;
      }
      // The last step's own frame, then the long tasks the observer has not delivered yet.
      requestAnimationFrame((end) => {
        frames.push(end - last);
        const to = performance.now();
        for (const e of probed.observer?.takeRecords() ?? [])
          probed.longTasks.push({ start: e.startTime, duration: e.duration });
        done({
          frames,
          commits: probed.commits - commits,
          maxRows,
          scrollHeight: holder.scrollHeight,
          reachedBottom: holder.scrollTop + holder.clientHeight >= holder.scrollHeight - 2,
          longTasks: probed.longTasks.filter((t) => t.start >= from && t.start <= to),
        });
      });
    };
    requestAnimationFrame((now) => {
      start = last = now;
      requestAnimationFrame(step);
    });
  });
}
