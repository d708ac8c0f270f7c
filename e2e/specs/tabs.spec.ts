// Tabs and layout of SPEC §2: one tab per page, state kept while switching, no-cache remount, panel, heights.
// The 30-tab cap needs 31 real pages; until later issues add them it is covered by the Vitest tests over the
// same tabs model and the TabPages component (apps/web/src/app/tabs, apps/web/src/app/layout/TabPages.test.tsx).
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { signInAs } from '../fixtures/session';
import { PersonalInfoPage } from '../pages/personal-info.page';

test('pages open as tabs that keep their state, no-cache pages remount, closing picks a neighbour', async ({
  page,
  admin,
}) => {
  const consolePage = await signInAs(page, admin.login, admin.password);
  await consolePage.accountButton().click();
  await consolePage.accountItem('Personal info').click();
  await expect(page).toHaveURL(/\/platform\/basic$/);
  const info = new PersonalInfoPage(page);
  await info.oldPassword().fill('typed before switching');

  await consolePage.tab('Project overview').click();
  await expect(page).toHaveURL(/\/project\/index$/);
  await expect(consolePage.projectPanel()).toBeVisible();
  await consolePage.tab('Personal info').click();
  await expect(info.oldPassword()).toHaveValue('typed before switching');
  await expect(consolePage.projectPanel()).toBeHidden();

  await consolePage.downloadButton().click();
  await expect(consolePage.tab('Client download')).toHaveAttribute('aria-selected', 'true');
  await expect(consolePage.activePage()).toContainText('No desktop client has been published yet.');
  await expect(consolePage.tabs()).toHaveText(['Project overview', 'Personal info', 'Client download']);

  // The home tab has no close button; closing the active last tab activates its left neighbour.
  await expect(consolePage.closeTab('Project overview')).toHaveCount(0);
  await consolePage.closeTab('Client download').click();
  await expect(consolePage.tabs()).toHaveText(['Project overview', 'Personal info']);
  await expect(page).toHaveURL(/\/platform\/basic$/);
  await expect(info.oldPassword()).toHaveValue('typed before switching');
});

test('the content area is the window height minus 103 and follows resizing', async ({ page, admin }) => {
  await signInAs(page, admin.login, admin.password);
  const height = () => page.locator('.console-content').evaluate((el) => el.getBoundingClientRect().height);
  expect(await height()).toBe(900 - 103);
  await page.setViewportSize({ width: 1280, height: 700 });
  await expect.poll(height).toBe(700 - 103);
  expect(await page.locator('header.console-header').evaluate((el) => el.getBoundingClientRect().height)).toBe(64);
});

test('the project panel starts at 22% and resizes within 250–1000 px', async ({ page, admin }) => {
  const consolePage = await signInAs(page, admin.login, admin.password);
  const panelWidth = () => page.locator('.console-tree-panel').evaluate((el) => el.getBoundingClientRect().width);
  const splitWidth = await page.locator('.console-split').evaluate((el) => el.getBoundingClientRect().width);
  expect(Math.abs((await panelWidth()) - splitWidth * 0.22)).toBeLessThan(3);
  const bar = page.locator('.console-split > .ant-splitter-bar .ant-splitter-bar-dragger');
  const dragTo = async (x: number) => {
    const box = (await bar.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(x, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    // antd's Splitter ignores a press within 300 ms of the previous one (its double-click guard).
    await page.waitForTimeout(350);
  };
  await dragTo(60);
  await expect.poll(async () => Math.round(await panelWidth())).toBe(250);
  await dragTo(1400);
  await expect.poll(async () => Math.round(await panelWidth())).toBe(1000);
  await expect(consolePage.projectPanel()).toBeVisible();
});

test('the layout cookie: one reload with a random query when it is missing, never a loop; custom shows the enterprise', async ({
  page,
  admin,
  baseURL,
}) => {
  await signInAs(page, admin.login, admin.password);
  await page.context().clearCookies({ name: 'layoutType' });
  const loads: string[] = [];
  page.on('load', () => loads.push(page.url()));
  await page.goto('/platform/basic');
  await expect(page).toHaveURL(/\/platform\/basic$/);
  await expect(page.locator('header.console-header')).toBeVisible();
  await page.waitForTimeout(500);
  // One load when the server sets the cookie on the document, two when the console had to ask once.
  expect(loads.length).toBeLessThanOrEqual(2);
  if (loads.length === 2) expect(loads[1]).toMatch(/\?_lt=[a-z0-9]+$/);
  expect((await page.context().cookies()).find((c) => c.name === 'layoutType')?.value).toMatch(/^(standard|custom)$/);

  await page.context().addCookies([{ name: 'layoutType', value: 'custom', url: baseURL! }]);
  const before = loads.length;
  await page.reload();
  // The branded layout names the enterprise: the platform's own, in the reader's language until renamed.
  await expect(page.locator('.console-title')).toHaveText('Platform operator');
  expect(loads).toHaveLength(before + 1);
});
