// The web build of `npm start`: rebuilt only when its inputs' content changed, swapped in with one rename so a running
// server never sees half a build, old chunks kept one build longer, racing builders and failed builds harmless.
import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureWebBuild, servedBuildId, webInputsHash, webIsStale } from './build-web.mjs';

const SCRIPT = fileURLToPath(new URL('./build-web.mjs', import.meta.url));
const roots: string[] = [];

function write(root: string, rel: string, body: string): void {
  mkdirSync(join(root, rel, '..'), { recursive: true });
  writeFileSync(join(root, rel), body);
}

/** A repository with the inputs the build reads (and some it must ignore). */
function repo(): string {
  const root = mkdtempSync(join(tmpdir(), 'build-web-'));
  roots.push(root);
  write(root, 'apps/web/src/main.tsx', 'render(1)');
  write(root, 'apps/web/src/app/page.tsx', 'export default 1');
  write(root, 'apps/web/src/app/page.test.tsx', 'test(1)');
  write(root, 'apps/web/src/test/setup.ts', 'setup(1)');
  write(root, 'apps/web/index.html', '<div id="root"></div>');
  write(root, 'apps/web/vite.config.ts', 'export default {}');
  write(root, 'packages/contracts/src/index.ts', 'export const a = 1');
  write(root, 'package-lock.json', '{"lockfileVersion":3}');
  return root;
}

/** Stands in for `vite build`: an index.html naming the main source, an entry and a page chunk named after it. */
function fakeBuild(root: string, { delayMs = 0, fail = false } = {}) {
  const calls: string[] = [];
  const build = async (outDir: string) => {
    calls.push(outDir);
    const main = readFileSync(join(root, 'apps/web/src/main.tsx'), 'utf8');
    const tag = main.replace(/\W/g, '');
    mkdirSync(join(outDir, 'assets'), { recursive: true });
    writeFileSync(join(outDir, 'assets', `index-${tag}.js`), `entry ${main}`);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    if (fail) throw new Error('vite build failed (exit code 1)');
    writeFileSync(join(outDir, 'assets', `Page-${tag}.js`), `page ${main}`);
    writeFileSync(join(outDir, 'index.html'), `<script src="/assets/index-${tag}.js"></script>`);
  };
  return { build, calls };
}

const quiet = { log: () => {} };
const served = (root: string, file = 'index.html') => readFileSync(join(root, 'apps/web/dist', file), 'utf8');
const buildsIn = (root: string) => readdirSync(join(root, 'apps/web/.builds')).sort();

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('staleness', () => {
  it('follows the content of the build inputs, not their times, and ignores tests', async () => {
    const root = repo();
    expect(webIsStale(root)).toBe(true);
    const { build } = fakeBuild(root);
    await ensureWebBuild({ root, build, ...quiet });
    expect(webIsStale(root)).toBe(false);

    const before = webInputsHash(root);
    utimesSync(join(root, 'apps/web/src/main.tsx'), new Date(), new Date(Date.now() + 60_000));
    write(root, 'apps/web/src/app/page.test.tsx', 'test(2)');
    write(root, 'apps/web/src/test/setup.ts', 'setup(2)');
    write(root, 'packages/contracts/src/schemas.test.ts', 'test(3)');
    expect(webInputsHash(root)).toBe(before);
    expect(webIsStale(root)).toBe(false);

    for (const [rel, body] of [
      ['apps/web/src/app/page.tsx', 'export default 2'],
      ['apps/web/src/app/new-page.tsx', 'export default 3'],
      ['packages/contracts/src/index.ts', 'export const a = 2'],
      ['apps/web/public/robots.txt', 'User-agent: *'],
      ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
      ['apps/web/vite.config.ts', 'export default { base: "/" }'],
    ] as const) {
      const last = webInputsHash(root);
      write(root, rel, body);
      expect(webInputsHash(root), rel).not.toBe(last);
      expect(webIsStale(root), rel).toBe(true);
    }
  });

  it('counts a dist that is missing, a plain folder, or a link to something else as stale', async () => {
    const root = repo();
    await ensureWebBuild({ root, build: fakeBuild(root).build, ...quiet });
    const id = servedBuildId(root);
    expect(id).toBe(webInputsHash(root));
    rmSync(join(root, 'apps/web/.builds', id!, 'index.html'));
    expect(servedBuildId(root)).toBeUndefined();
    expect(webIsStale(root)).toBe(true);
  });
});

describe('ensureWebBuild', () => {
  it('builds once, then answers from the kept build without building', async () => {
    const root = repo();
    const { build, calls } = fakeBuild(root);
    expect(await ensureWebBuild({ root, build, ...quiet })).toEqual({ id: webInputsHash(root), action: 'built' });
    expect(await ensureWebBuild({ root, build, ...quiet })).toEqual({ id: webInputsHash(root), action: 'fresh' });
    expect(calls).toHaveLength(1);
    const dist = join(root, 'apps/web/dist');
    expect(lstatSync(dist).isSymbolicLink()).toBe(true);
    expect(readlinkSync(dist)).toBe(join('.builds', webInputsHash(root)));
    expect(served(root)).toContain('index-render1.js');
  });

  it('leaves the served build as it was when a build fails, and leaves no half-built folder behind', async () => {
    const root = repo();
    await ensureWebBuild({ root, build: fakeBuild(root).build, ...quiet });
    const before = servedBuildId(root);
    write(root, 'apps/web/src/main.tsx', 'render(2)');
    const failing = fakeBuild(root, { delayMs: 50, fail: true });
    const attempt = ensureWebBuild({ root, build: failing.build, ...quiet });
    // While it builds, the old build is whole.
    await new Promise((r) => setTimeout(r, 20));
    expect(served(root)).toContain('index-render1.js');
    await expect(attempt).rejects.toThrow(/vite build failed/);
    expect(servedBuildId(root)).toBe(before);
    expect(served(root)).toContain('index-render1.js');
    expect(served(root, 'assets/Page-render1.js')).toBe('page render(1)');
    expect(buildsIn(root)).toEqual([`${before}`, `${before}.assets.json`]);
    expect(webIsStale(root)).toBe(true);
  });

  it('lets two builders in one process race: one builds, the other waits and finds it done', async () => {
    const root = repo();
    const { build, calls } = fakeBuild(root, { delayMs: 100 });
    const results = await Promise.all([
      ensureWebBuild({ root, build, ...quiet }),
      ensureWebBuild({ root, build, ...quiet }),
    ]);
    expect(calls).toHaveLength(1);
    expect(results.map((r) => r.action).sort()).toEqual(['built', 'fresh']);
    expect(served(root)).toContain('index-render1.js');
    expect(buildsIn(root)).toEqual([webInputsHash(root), `${webInputsHash(root)}.assets.json`]);
  });

  it('keeps the previous build’s own chunks servable for one more build, and keeps two builds', async () => {
    const root = repo();
    const { build } = fakeBuild(root);
    await ensureWebBuild({ root, build, ...quiet });
    const first = servedBuildId(root)!;
    write(root, 'apps/web/src/main.tsx', 'render(2)');
    await ensureWebBuild({ root, build, ...quiet });
    const second = servedBuildId(root)!;
    // A page loaded from the first build still finds its chunk through dist.
    expect(served(root, 'assets/Page-render1.js')).toBe('page render(1)');
    expect(served(root, 'assets/Page-render2.js')).toBe('page render(2)');
    write(root, 'apps/web/src/main.tsx', 'render(3)');
    await ensureWebBuild({ root, build, ...quiet });
    const third = servedBuildId(root)!;
    expect(existsSync(join(root, 'apps/web/dist/assets/Page-render1.js'))).toBe(false);
    expect(served(root, 'assets/Page-render2.js')).toBe('page render(2)');
    expect(buildsIn(root)).toEqual([second, third, `${second}.assets.json`, `${third}.assets.json`].sort());
    expect(buildsIn(root)).not.toContain(first);
  });

  it('re-links a kept build when an edit is undone, without building', async () => {
    const root = repo();
    const { build, calls } = fakeBuild(root);
    await ensureWebBuild({ root, build, ...quiet });
    write(root, 'apps/web/src/main.tsx', 'render(2)');
    await ensureWebBuild({ root, build, ...quiet });
    write(root, 'apps/web/src/main.tsx', 'render(1)');
    expect(await ensureWebBuild({ root, build, ...quiet })).toMatchObject({ action: 'reused' });
    expect(calls).toHaveLength(2);
    expect(served(root)).toContain('index-render1.js');
    // …and carries the build it replaces, for the pages loaded from it.
    expect(served(root, 'assets/Page-render2.js')).toBe('page render(2)');
  });

  it('turns a plain dist folder (from before) into the link, carrying its chunks', async () => {
    const root = repo();
    write(root, 'apps/web/dist/index.html', 'old');
    write(root, 'apps/web/dist/assets/Old-1.js', 'old chunk');
    await ensureWebBuild({ root, build: fakeBuild(root).build, ...quiet });
    expect(lstatSync(join(root, 'apps/web/dist')).isSymbolicLink()).toBe(true);
    expect(served(root)).toContain('index-render1.js');
    expect(served(root, 'assets/Old-1.js')).toBe('old chunk');
  });

  it('takes over the lock of a builder that died', async () => {
    const root = repo();
    mkdirSync(join(root, 'apps/web/.builds'), { recursive: true });
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => dead.on('exit', r));
    writeFileSync(join(root, 'apps/web/.builds/build.lock'), String(dead.pid));
    await ensureWebBuild({ root, build: fakeBuild(root).build, ...quiet, lockWaitMs: 2_000 });
    expect(webIsStale(root)).toBe(false);
    expect(existsSync(join(root, 'apps/web/.builds/build.lock'))).toBe(false);
  });
});

/** Runs `ensureWebBuild` in another process with a slow stand-in for vite; resolves with what it printed. */
function builderProcess(root: string, delayMs: number): Promise<string> {
  const code = `
    import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
    import { join } from 'node:path';
    const { ensureWebBuild } = await import(${JSON.stringify(SCRIPT)});
    const root = ${JSON.stringify(root)};
    const result = await ensureWebBuild({ root, log: () => {}, build: async (out) => {
      const main = readFileSync(join(root, 'apps/web/src/main.tsx'), 'utf8');
      mkdirSync(join(out, 'assets'), { recursive: true });
      writeFileSync(join(out, 'assets', 'Page-' + process.pid + '.js'), main);
      await new Promise((r) => setTimeout(r, ${delayMs}));
      writeFileSync(join(out, 'index.html'), 'built by ' + process.pid + ' from ' + main);
    } });
    console.log(result.action);
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (status) => (status === 0 ? resolve(out.trim()) : reject(new Error(`builder exited ${status}`))));
  });
}

describe('between processes', () => {
  it('two `npm start`s building at once: one builds, the other waits; dist is one whole build', async () => {
    const root = repo();
    const actions = await Promise.all([builderProcess(root, 400), builderProcess(root, 400)]);
    expect(actions.sort()).toEqual(['built', 'fresh']);
    expect(served(root)).toMatch(/^built by \d+ from render\(1\)$/);
    const builder = /built by (\d+)/.exec(served(root))![1];
    expect(readdirSync(join(root, 'apps/web/dist/assets'))).toEqual([`Page-${builder}.js`]);
    expect(buildsIn(root)).toEqual([webInputsHash(root), `${webInputsHash(root)}.assets.json`]);
  });

  it('a server reading dist while builds swap in never misses index.html or a chunk', async () => {
    const root = repo();
    const { build } = fakeBuild(root);
    await ensureWebBuild({ root, build, ...quiet });
    const dist = join(root, 'apps/web/dist');
    // Another process reads like the server: index.html, then the entry chunk it names, over and over.
    const reader = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { readFileSync, writeFileSync } from 'node:fs';
         const dist = ${JSON.stringify(dist)};
         let reads = 0, misses = 0; const seen = new Set();
         const stop = Date.now() + 1500;
         while (Date.now() < stop) {
           try {
             const html = readFileSync(dist + '/index.html', 'utf8');
             const entry = /assets\\/[^"]+/.exec(html)[0];
             readFileSync(dist + '/' + entry);
             seen.add(entry); reads++;
           } catch { misses++; }
         }
         console.log(JSON.stringify({ reads, misses, seen: seen.size }));`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    reader.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const done = new Promise((r) => reader.on('exit', r));
    const until = Date.now() + 1200;
    for (let i = 2; Date.now() < until; i++) {
      write(root, 'apps/web/src/main.tsx', `render(${i % 2})`);
      await ensureWebBuild({ root, build, ...quiet });
    }
    await done;
    const result = JSON.parse(out) as { reads: number; misses: number; seen: number };
    expect(result.reads).toBeGreaterThan(100);
    expect(result.seen).toBe(2);
    expect(result.misses).toBe(0);
  });
});
