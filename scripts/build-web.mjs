// Builds the web console only when its inputs changed, into a build folder of its own, and swaps it in atomically.
//
//   node scripts/build-web.mjs [--force]      (`npm run build`; `npm start`, `npm run demo` and the e2e run use it)
//   WEB_BUILD=force npm start                  (rebuilds even when nothing changed; bench/start measures a cold start so)
//
// Layout: apps/web/.builds/<id>/ holds each build, named by the content hash of its inputs, and apps/web/dist is a
// symlink to the served one. A running server resolves files through the symlink on every request, so a build that
// lands is a single rename(2) of the link: each request sees either the old build or the new one, never a half-written
// folder. The new build also carries the previous build's own hashed assets, so a page loaded from the previous build
// still finds its chunks; older builds are pruned (the current and the previous one stay).
//
// Correctness between concurrent builders comes from unique temporary folders and renames; the lock file only keeps two
// processes from each spending a build on the same inputs.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folder and file names, relative to apps/web. */
const BUILDS = '.builds';
const DIST = 'dist';
const LOCK = 'build.lock';
/** A build's id: the first 16 hex digits of the inputs' SHA-256. Anything else in .builds is not a finished build. */
const BUILD_ID = /^[0-9a-f]{16}$/;
/** A lock older than this is a crashed builder's whose pid the system has since given to another process. */
const LOCK_STALE_MS = 15 * 60_000;

/**
 * What a build reads. Tests are left out (the bundle never imports them), so editing one rebuilds nothing;
 * package-lock.json stands for every installed dependency.
 */
const INPUT_DIRS = ['apps/web/src', 'apps/web/public', 'packages/contracts/src'];
const INPUT_FILES = [
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contracts/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/build-web.mjs',
];
const isTestFile = (rel) => /\.test\.[cm]?[jt]sx?$/.test(rel) || rel.startsWith('apps/web/src/test/');

function walk(dir, out) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Content hash of the build inputs under `root` (paths and bytes; times do not count, so a checkout or touch is free). */
export function webInputsHash(root = ROOT) {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => walk(join(root, dir), [])),
    ...INPUT_FILES.map((file) => join(root, file)).filter((path) => existsSync(path)),
  ]
    .map((path) => relative(root, path).split(sep).join('/'))
    .filter((rel) => !isTestFile(rel))
    .sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    const body = readFileSync(join(root, rel));
    hash.update(`${rel}\0${body.length}\0`);
    hash.update(body);
  }
  return hash.digest('hex').slice(0, 16);
}

function paths(root) {
  const web = join(root, 'apps/web');
  return { web, builds: join(web, BUILDS), dist: join(web, DIST), lock: join(web, BUILDS, LOCK) };
}

/** The id of the build apps/web/dist points at, if it is a finished one; undefined for a missing link or a plain folder. */
export function servedBuildId(root = ROOT) {
  const { dist, builds } = paths(root);
  let target;
  try {
    target = readlinkSync(dist);
  } catch {
    return undefined;
  }
  const id = basename(target);
  if (!BUILD_ID.test(id) || resolve(dist, '..', target) !== join(builds, id)) return undefined;
  return existsSync(join(builds, id, 'index.html')) ? id : undefined;
}

/** The one notion of staleness of `npm start`, `npm run demo`, `npm run build` and the e2e run. */
export function webIsStale(root = ROOT) {
  return servedBuildId(root) !== webInputsHash(root);
}

/** `vite build` into `outDir` (a fresh folder under .builds); resolves when it exits 0. */
export function viteBuild(outDir, root = ROOT) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: join(root, 'apps/web'), stdio: 'inherit' },
    );
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Takes the build lock, waiting while a live process holds it; a dead or ancient holder's lock is taken over. */
async function acquireLock(lock, { log, waitMs }) {
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lock, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    let age = 0;
    try {
      holder = Number(readFileSync(lock, 'utf8'));
      age = Date.now() - statSync(lock).mtimeMs;
    } catch {
      continue; // released between our two looks
    }
    // An empty file is a holder between open and write: give it the benefit of the doubt unless it is old.
    const dead = (Number.isInteger(holder) && holder > 0 && !isAlive(holder)) || age > LOCK_STALE_MS;
    if (dead) {
      rmSync(lock, { force: true });
      continue;
    }
    if (Date.now() > deadline) throw new Error(`another web build (pid ${holder}) still holds ${lock}`);
    if (!told) {
      log(`web: waiting for the web build of process ${holder}`);
      told = true;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

const sidecar = (builds, id) => join(builds, `${id}.assets.json`);

/** The hashed asset files a build made itself (not the ones it carries for its predecessor). */
function ownAssets(builds, id) {
  try {
    return JSON.parse(readFileSync(sidecar(builds, id), 'utf8'));
  } catch {
    // A folder without its list (a build from before the lists): everything in it counts as its own.
    const assets = join(builds, id, 'assets');
    return existsSync(assets) ? readdirSync(assets) : [];
  }
}

/** Hard-links (or copies) `from`'s own assets that `into` lacks, so pages loaded from `from` keep finding their chunks. */
function carryAssets(fromDir, names, intoDir) {
  const target = join(intoDir, 'assets');
  mkdirSync(target, { recursive: true });
  for (const name of names) {
    const source = join(fromDir, 'assets', name);
    const dest = join(target, name);
    if (existsSync(dest) || !existsSync(source)) continue;
    try {
      linkSync(source, dest);
    } catch {
      copyFileSync(source, dest);
    }
  }
}

/** Points apps/web/dist at the folder `.builds/<name>` with one rename(2) over the old link. */
export function pointDistAt(root, name) {
  const { web, dist, builds } = paths(root);
  const link = join(web, `.dist-${process.pid}-${Math.random().toString(36).slice(2)}`);
  symlinkSync(join(BUILDS, name), link);
  try {
    if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) {
      // A plain folder from before builds were swapped in: keep it as the outgoing build for this once.
      renameSync(dist, join(builds, `legacy-${Date.now()}`));
    }
    renameSync(link, dist);
  } catch (error) {
    rmSync(link, { force: true });
    throw error;
  }
}

/** Removes builds other than `keep`, leftovers of crashed builders, and the lists of removed builds. */
function prune(root, keep) {
  const { web, builds } = paths(root);
  for (const name of readdirSync(builds)) {
    if (name === LOCK) continue;
    const tmp = /^tmp-(\d+)-/.exec(name);
    if (tmp && isAlive(Number(tmp[1]))) continue;
    const id = name.replace(/\.assets\.json$/, '');
    if (keep.includes(id)) continue;
    rmSync(join(builds, name), { recursive: true, force: true });
  }
  for (const name of readdirSync(web)) {
    const link = /^\.dist-(\d+)-/.exec(name);
    if (link && !isAlive(Number(link[1]))) rmSync(join(web, name), { force: true });
  }
}

/**
 * Makes apps/web/dist serve a build of the current inputs: nothing when it already does, a re-link when a kept build
 * matches (an edit undone), a build otherwise. A failing build throws and leaves dist as it was.
 * `build(outDir)` is `vite build` unless a test passes its own.
 */
export async function ensureWebBuild({
  root = ROOT,
  force = false,
  build = (outDir) => viteBuild(outDir, root),
  log = (line) => console.log(line),
  lockWaitMs = LOCK_STALE_MS,
} = {}) {
  if (!force && !webIsStale(root)) {
    const id = servedBuildId(root);
    log(`web: the build is up to date (${id})`);
    return { id, action: 'fresh' };
  }
  const { builds } = paths(root);
  mkdirSync(builds, { recursive: true });
  const release = await acquireLock(paths(root).lock, { log, waitMs: lockWaitMs });
  try {
    // Inputs may have changed while we waited, and the holder may have built exactly this.
    const id = webInputsHash(root);
    const served = servedBuildId(root);
    if (!force && served === id) {
      log(`web: the build is up to date (${id})`);
      return { id, action: 'fresh' };
    }
    const outgoing = currentTarget(root);
    const finished = join(builds, id);
    let action = 'reused';
    if (force || !existsSync(join(finished, 'index.html'))) {
      const tmp = join(builds, `tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
      log(`web: building the web console (${id})…`);
      const started = Date.now();
      try {
        await build(tmp);
        if (!existsSync(join(tmp, 'index.html'))) throw new Error('the build wrote no index.html');
        const assets = join(tmp, 'assets');
        writeFileSync(sidecar(builds, id), JSON.stringify(existsSync(assets) ? readdirSync(assets).sort() : []));
        // A forced rebuild of the served inputs: the old folder steps aside for the instant between two renames.
        if (existsSync(finished)) renameSync(finished, join(builds, `replaced-${process.pid}-${Date.now()}`));
        try {
          renameSync(tmp, finished);
        } catch (error) {
          // Another builder (one that took over a stale lock) finished the same inputs first: theirs is as good.
          if (!['ENOTEMPTY', 'EEXIST'].includes(error.code) || !existsSync(join(finished, 'index.html'))) throw error;
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
      log(`web: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      action = 'built';
    }
    if (outgoing && outgoing.name !== id) carryAssets(outgoing.dir, outgoing.own, finished);
    pointDistAt(root, id);
    prune(root, outgoing?.name && outgoing.name !== id ? [id, outgoing.name] : [id]);
    if (action === 'reused') log(`web: serving the kept build ${id}`);
    return { id, action };
  } finally {
    release();
  }
}

/** The build dist points at now, whatever its name (a finished build, a legacy folder or a test's stand-in). */
function currentTarget(root) {
  const { dist, builds } = paths(root);
  if (!existsSync(join(dist, 'index.html'))) return undefined;
  if (!lstatSync(dist).isSymbolicLink()) {
    return {
      name: undefined,
      dir: dist,
      own: existsSync(join(dist, 'assets')) ? readdirSync(join(dist, 'assets')) : [],
    };
  }
  const name = basename(readlinkSync(dist));
  return { name, dir: join(builds, name), own: ownAssets(builds, name) };
}

async function main() {
  const force = process.argv.includes('--force') || process.env.WEB_BUILD === 'force';
  try {
    await ensureWebBuild({ force });
    return 0;
  } catch (error) {
    console.error(`web: ${error instanceof Error ? error.message : String(error)} — apps/web/dist is unchanged`);
    return 1;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
