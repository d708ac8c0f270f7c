// A build lands while the console is open and a chunk the page has not loaded yet is gone: the console tries it once
// more, then asks for a reload in the user's language — no blank page, no storm of requests (scripts/build-web.mjs).
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures/console-test';
import { screenshot, screenshotInEachLanguage, signInAs } from '../fixtures/session';
import { ROOT, pointDistAt, servedBuildId } from '../../scripts/build-web.mjs';

const BUILDS = join(ROOT, 'apps/web/.builds');

test('a missing page chunk shows the new-version prompt after one retry, and a reload brings the page', async ({
  page,
  admin,
  consoleWatch,
}) => {
  // The 404s of the missing chunk, and React's report of the error the page's boundary caught.
  consoleWatch.allow(/status of 404|Failed to fetch dynamically imported module|ChunkLoadError|script chunk failed/);
  const served = servedBuildId();
  expect(served, 'the e2e run serves a finished build').toBeDefined();
  const consolePage = await signInAs(page, admin.login, admin.password);

  // The served build minus the download page's chunk, swapped in the way a new build lands.
  const stand = `e2e-missing-chunk-${process.pid}`;
  cpSync(join(BUILDS, served!), join(BUILDS, stand), { recursive: true });
  const gone = readdirSync(join(BUILDS, stand, 'assets')).filter((name) => name.startsWith('DownloadPage-'));
  expect(gone.length).toBeGreaterThan(0);
  for (const name of gone) rmSync(join(BUILDS, stand, 'assets', name));
  pointDistAt(ROOT, stand);
  try {
    const chunkRequests: string[] = [];
    const assetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/')) assetRequests.push(request.url());
      if (/\/assets\/DownloadPage-/.test(request.url())) chunkRequests.push(request.url());
    });

    await consolePage.downloadButton().click();
    await expect(consolePage.tab('Client download')).toHaveAttribute('aria-selected', 'true');
    const prompt = consolePage.activePage().getByText('A new version of the console is available');
    await expect(prompt).toBeVisible();
    await expect(consolePage.activePage().getByRole('button', { name: 'Reload' })).toBeVisible();
    // The console frame stays: header, menus and the other tab are all there.
    await expect(consolePage.header()).toBeVisible();
    await expect(consolePage.tabs()).toHaveText(['Project overview', 'Client download']);
    await screenshot(page, 'new-version-prompt.png');

    // Nothing keeps asking: a first load and at most one retry (the browser may answer the retry from its own
    // record of the failed module), and the page goes quiet.
    const settled = assetRequests.length;
    await page.waitForTimeout(3_000);
    expect(chunkRequests.length).toBeGreaterThanOrEqual(1);
    expect(chunkRequests.length).toBeLessThanOrEqual(2);
    expect(assetRequests.slice(settled)).toEqual([]);

    await screenshotInEachLanguage(page, 'new-version-prompt');
    await expect(consolePage.activePage().getByText('控制台有新版本可用')).toBeVisible();
  } finally {
    pointDistAt(ROOT, served!);
    rmSync(join(BUILDS, stand), { recursive: true, force: true });
  }

  // With the build whole again, the reload the prompt offers brings the page.
  await consolePage.activePage().getByRole('button', { name: '重新整理' }).click();
  await expect(consolePage.activePage()).toContainText('目前尚未發布桌面用戶端。');
  await expect(page.getByText('控制台有新版本可用')).toHaveCount(0);
});
