// JavaScript a first visit downloads, measured in Chromium: every script response, gzip-compressed at level 9.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
];

function weigh(dist, urls) {
  const files = [...new Set(urls)].map((u) => new URL(u).pathname).filter((p) => p.endsWith('.js'));
  const rows = files.map((path) => {
    const body = readFileSync(join(dist, path));
    return { path, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const sum = (key) => rows.reduce((n, r) => n + r[key], 0);
  return { files: rows.sort((a, b) => b.gzip - a.gzip), raw: sum('raw'), gzip: sum('gzip') };
}

async function scriptsLoaded(page, run) {
  const urls = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && r.ok()) urls.push(r.url());
  });
  await run();
  await page.waitForLoadState('networkidle');
  return urls;
}

/** `/home` for a first-time visitor, and the console for a signed-in one opening /project/index. */
export async function measureFirstLoad({ base, dist, signIn }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const home = await browser.newContext();
    const homePage = await home.newPage();
    const homeUrls = await scriptsLoaded(homePage, () => homePage.goto(`${base}/home`));
    await home.close();

    const consoleCtx = await browser.newContext();
    const page = await consoleCtx.newPage();
    if (signIn) {
      // A real sign-in first (its scripts are the sign-in page's), then a fresh load of the console.
      await page.goto(`${base}/home`);
      await page.fill('input[name="loginName"]', signIn.login);
      await page.fill('input[name="password"]', signIn.password);
      await page.click('form button[type="submit"]');
      await page.waitForURL(/\/project\/index$/);
    } else {
      await consoleCtx.addCookies([{ name: 'token', value: 'bench', url: base }]);
    }
    await consoleCtx.addCookies([{ name: 'layoutType', value: 'standard', url: base }]);
    const fresh = await consoleCtx.newPage();
    await page.close();
    const consoleUrls = await scriptsLoaded(fresh, async () => {
      await fresh.goto(`${base}/project/index`);
      await fresh.waitForSelector('.project-tree', { timeout: 30_000 });
    });
    await consoleCtx.close();
    return { home: weigh(dist, homeUrls), console: weigh(dist, consoleUrls) };
  } finally {
    await browser.close();
  }
}
