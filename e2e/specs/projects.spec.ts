// Projects and devices: a main account builds a project tree with logos, adds a device, finds it in the
// tree and the list; deleting the project is refused while the device exists and succeeds once it is gone. Also the
// screenshots of the tree and the device list in the three languages. A node with more devices than the tree lists
// ends in a "more" link that opens the device list filtered to it.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/console-test';
import { ApiSession, uniqueName } from '../fixtures/api';
import { signInAs } from '../fixtures/session';
import { DeviceListScreen, ProjectDialog, ProjectTree } from '../pages/projects.page';
import { logoPng } from '../support/png';
import { areaUnder, camerasIn, enterpriseWithProject } from '../support/seed';

const PASSWORD = 'Proj#Main2025';
const DIR = join(process.cwd(), 'test-results', 'screens');
const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
/** TREE_DEVICES_INLINE of packages/contracts: the specs drive the console from outside, so they restate it. */
const TREE_DEVICES_INLINE = 10;
const logo = () => ({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });

/** A fresh enterprise; answers its main account's login name. */
async function enterprise(page: Page, admin: { login: string; password: string }, name: string): Promise<string> {
  const platform = await ApiSession.signIn(page.request, admin.login, admin.password);
  const mainLogin = uniqueName('proj');
  await platform.post('/api/enterprise/add', {
    name,
    loginName: mainLogin,
    password: await platform.encrypt(PASSWORD),
  });
  return mainLogin;
}

/** Serial numbers are 13, 16 or 20 letters or digits (SPEC §5); unique per run. */
function serial(): string {
  return `E2E${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e6)}`.slice(0, 13).padEnd(13, '7');
}

test('a main account builds a project tree, adds a device, and deletes the project only once it is empty', async ({
  page,
  admin,
  consoleWatch,
}) => {
  test.setTimeout(120_000);
  // The refused delete answers 409 on purpose.
  consoleWatch.allow(/409/);
  const mainLogin = await enterprise(page, admin, `E2E ${uniqueName('Projects')}`);
  const consolePage = await signInAs(page, mainLogin, PASSWORD);
  const tree = new ProjectTree(page);
  const dialog = new ProjectDialog(page);
  await expect(tree.root()).toContainText('No projects yet');

  // SPEC §5: the name's and the logo's own messages.
  await tree.addButton().click();
  await dialog.field('proName').fill('Harbour #1');
  await dialog.dialogButton('Save').click();
  await expect(dialog.dialog()).toContainText('Project name cannot contain special characters.');
  await expect(dialog.dialog()).toContainText('Project logo cannot be empty.');
  await dialog.field('proName').fill('');
  await expect(dialog.dialog()).toContainText('Project name cannot be empty.');
  await dialog.field('proName').fill('HarbourMall');
  await dialog.logoInput().setInputFiles(logo());
  await expect(dialog.logoPreview()).toHaveJSProperty('complete', true);
  await dialog.dialogButton('Save').click();
  await expect(dialog.message('Project added.').last()).toBeVisible();
  await expect(tree.title('HarbourMall')).toBeVisible();
  // Stored as a 32×32 icon.
  await expect(tree.logo('HarbourMall')).toHaveJSProperty('complete', true);
  expect(await tree.logo('HarbourMall').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);

  // A sub-project and, under it, a monitoring area, from the nodes' action menus.
  await tree.actions('HarbourMall').click();
  await tree.menuItem('Add sub-project').click();
  await dialog.field('proName').fill('NorthWing');
  await dialog.logoInput().setInputFiles(logo());
  await expect(dialog.logoPreview()).toBeVisible();
  await dialog.dialogButton('Save').click();
  await expect(dialog.message('Project added.').last()).toBeVisible();
  await expect(tree.title('NorthWing')).toBeVisible();

  await tree.actions('NorthWing').click();
  await tree.menuItem('Add monitoring area').click();
  await dialog.field('proName').fill('Lobby');
  await dialog.logoInput().setInputFiles(logo());
  await expect(dialog.logoPreview()).toBeVisible();
  await dialog.dialogButton('Save').click();
  await expect(dialog.message('Monitoring area added.').last()).toBeVisible();
  await tree.expander('NorthWing').click();
  await expect(tree.title('Lobby')).toBeVisible();
  await expect(tree.animating()).toHaveCount(0);

  // A device in the area, from the device list.
  await consolePage.sideMenuItem('Devices').click();
  await expect(page).toHaveURL(/\/project\/device$/);
  const list = new DeviceListScreen(page);
  await list.button('Delete selected').click();
  await expect(list.message('Select at least one item.').last()).toBeVisible();
  await list.button(/Add device/).click();
  await list.field('sn').fill('ABC123');
  await list.field('devName').fill('Lobby Cam');
  await list.dialogButton('Save').click();
  await expect(list.dialog()).toContainText('13, 16 or 20 letters or digits.');
  const sn = serial();
  await list.field('sn').fill(sn);
  await expect(list.field('loginName')).toHaveValue('Admin');
  await list.select('projectId').click();
  await list.treeOption('Lobby').click();
  await list.field('password').fill('cam-pass-1');
  await list.dialogButton('Save').click();
  await expect(list.message('The device has been added.').last()).toBeVisible();
  await expect(list.row('Lobby Cam')).toContainText(sn);
  await expect(list.row('Lobby Cam')).toContainText('Lobby');
  // The dialog hands focus back to its opener when its closing animation ends: searching before that
  // (a slow machine) would send the Enter to "Add device" and open the dialog again.
  await expect(list.dialog()).toBeHidden();

  // Found by text, and in the tree under its area; a new device has never connected, so it is offline.
  await list.search().fill(sn);
  await list.search().press('Enter');
  await expect(list.root().locator('.ant-table-row')).toHaveCount(1);
  await tree.expander('Lobby').click();
  await expect(tree.title('Lobby Cam')).toBeVisible();
  await expect(tree.title('HarbourMall').locator('xpath=..').locator('.project-tree-count')).toHaveText('1');
  await tree.title('Lobby Cam').click();
  await expect(list.message('The device is offline.').last()).toBeVisible();

  // SPEC §4: refused while a device hangs below, after a confirmation.
  await tree.actions('HarbourMall').click();
  await tree.menuItem('Delete').click();
  await expect(dialog.dialog()).toContainText('Delete HarbourMall?');
  await dialog.dialogButton('Delete').click();
  await expect(dialog.message('A node with children cannot be deleted.').last()).toBeVisible();
  await expect(tree.title('HarbourMall')).toBeVisible();

  // The device goes (batch delete of the selected row), then the project with its sub-project and area.
  await list.rowCheckbox('Lobby Cam').check();
  await list.button('Delete selected').click();
  await list.dialogButton('Delete').click();
  await expect(list.message('Deleted.').last()).toBeVisible();
  await expect(list.row('Lobby Cam')).toHaveCount(0);
  await tree.actions('HarbourMall').click();
  await tree.menuItem('Delete').click();
  await dialog.dialogButton('Delete').click();
  await expect(tree.root()).toContainText('No projects yet');
});

test('project tree and device list in three languages', async ({ page, admin, baseURL }) => {
  test.setTimeout(180_000);
  mkdirSync(DIR, { recursive: true });
  const mainLogin = await enterprise(page, admin, 'Harbour Retail Group');
  const main = await ApiSession.signIn(page.request, mainLogin, PASSWORD);
  const icon = await main.upload<{ url: string }>('/api/file/project/logoUpload/0', logo());
  const add = (proName: string, kind: 'project' | 'area', parentId?: number) =>
    main.post<{ id: number }>('/api/project/add', { proName, proLogo: icon.url, kind, parentId });
  const mall = await add('海港商场', 'project');
  const north = await add('NorthWing', 'project', mall.id);
  const lobby = await add('大堂', 'area', north.id);
  const park = await add('Car_Park', 'area', mall.id);
  await add('Warehouse-2', 'project');
  const devices: [string, 'IPC' | 'NVR' | 'DVR', number][] = [
    ['Lobby entrance', 'IPC', lobby.id],
    ['前台', 'IPC', lobby.id],
    ['Lobby recorder', 'NVR', lobby.id],
    ['Gate A', 'IPC', park.id],
    ['Ramp DVR', 'DVR', park.id],
  ];
  for (const [devName, devType, projectId] of devices) {
    await main.post('/api/device/add', { sn: serial(), devName, devType, projectId, password: 'cam-pass-1' });
  }
  for (const lang of LANGUAGES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    await signInAs(page, mainLogin, PASSWORD);
    await page.goto('/project/device');
    const tree = new ProjectTree(page);
    const list = new DeviceListScreen(page);
    await expect(list.row('Gate A')).toBeVisible();
    await tree.expander('NorthWing').click();
    await expect(tree.animating()).toHaveCount(0);
    await tree.expander('大堂').click();
    await expect(tree.title('Lobby recorder')).toBeVisible();
    await expect(tree.logo('海港商场')).toHaveJSProperty('complete', true);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(DIR, `projects-${lang}.png`) });

    await tree.actions('海港商场').click();
    await tree.menuItem(/Add monitoring area|新增监控区域|新增監控區域/).click();
    await (await new ProjectDialog(page).openedDialog()).locator('.ant-btn-primary').click();
    await expect(new ProjectDialog(page).dialog().locator('.ant-form-item-explain-error').first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(DIR, `project-form-${lang}.png`) });
    await page.keyboard.press('Escape');

    await list.row('Lobby recorder').locator('a').first().click();
    await expect(list.dialog()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(DIR, `device-detail-${lang}.png`) });
    await page.keyboard.press('Escape');

    // The overview counts projects, areas and devices by status.
    await page.goto('/project/index');
    await expect(page.locator('.console-page[data-tab="/project/index"] .ant-statistic').first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(DIR, `project-overview-${lang}.png`) });
  }
});

test("a node's more link opens the device list filtered to that node, with all its devices", async ({
  page,
  admin,
}) => {
  const { mainLogin, boss, projectId, logoUrl } = await enterpriseWithProject(page.request, admin, {
    prefix: 'more',
    password: PASSWORD,
    proName: 'Riverside',
  });
  // An area one past the inline limit; seeded by API calls, the UI is only what is under test.
  const atrium = await areaUnder(boss, { parentId: projectId, proName: 'Atrium', proLogo: logoUrl });
  const cameras = await camerasIn(boss, { projectId: atrium, name: 'Atrium cam', count: TREE_DEVICES_INLINE + 1 });
  // A device beside the area, in its parent project: the filtered list must leave it out.
  await camerasIn(boss, { projectId, name: 'Gate cam', count: 1 });

  await signInAs(page, mainLogin, PASSWORD);
  const tree = new ProjectTree(page);
  // Top-level projects start open, their areas folded.
  await expect(tree.title('Gate cam 01')).toBeVisible();
  await expect(tree.moreLink()).toHaveCount(0);
  await tree.expander('Atrium').click();
  await expect(tree.animating()).toHaveCount(0);
  // The first ten by name, then the link; the eleventh is only in the list.
  await expect(tree.deviceRows(/^Atrium cam \d\d$/)).toHaveCount(TREE_DEVICES_INLINE);
  await expect(tree.title('Atrium cam 10')).toBeVisible();
  await expect(tree.title('Atrium cam 11')).toHaveCount(0);
  await expect(tree.moreLink()).toHaveCount(1);
  await expect(tree.moreLink()).toHaveText('More devices (11 in all)');

  await tree.moreLink().click();
  await expect(page).toHaveURL(new RegExp(`/project/device\\?projectId=${atrium}$`));
  const list = new DeviceListScreen(page);
  await expect(list.projectFilter()).toContainText('Atrium');
  await expect(list.total()).toHaveText('Total: 11');
  await expect(list.rows()).toHaveCount(cameras.length);
  for (const { devName } of cameras) await expect(list.row(devName)).toBeVisible();
  await expect(list.row('Gate cam 01')).toHaveCount(0);
});

test('an area needs no logo, a name used beside it is refused on its field, and an over-long name names its limit', async ({
  page,
  admin,
  consoleWatch,
}) => {
  // The refused duplicate answers 409 on purpose.
  consoleWatch.allow(/409/);
  const { mainLogin, boss, projectId, logoUrl } = await enterpriseWithProject(page.request, admin, {
    prefix: 'areas',
    password: PASSWORD,
    proName: 'Riverside',
  });
  await areaUnder(boss, { parentId: projectId, proName: 'Lobby', proLogo: logoUrl });
  await signInAs(page, mainLogin, PASSWORD);
  const tree = new ProjectTree(page);
  const dialog = new ProjectDialog(page);

  await tree.actions('Riverside').click();
  await tree.menuItem('Add monitoring area').click();
  const opened = await dialog.openedDialog();
  // The dialog speaks of an area, and its icon is optional.
  await expect(opened.locator('.ant-modal-title')).toHaveText('Add monitoring area');
  await expect(opened).toContainText('Area name');
  await expect(opened).toContainText('Area icon (optional)');

  // A pasted name longer than 32 characters stays whole in the field, and the field names the limit.
  await dialog.field('proName').click();
  await page.keyboard.insertText('Underground_Car_Park_North_Wing_Level_2');
  await expect(dialog.field('proName')).toHaveValue('Underground_Car_Park_North_Wing_Level_2');
  await expect(dialog.fieldErrors()).toHaveText('At most 32 characters.');
  await dialog.dialogButton('Save').click();
  await expect(dialog.fieldErrors()).toHaveText('At most 32 characters.');

  // The name of a sibling: the server refuses it, and the message sits on the name field.
  await dialog.field('proName').fill('Lobby');
  await dialog.dialogButton('Save').click();
  await expect(dialog.fieldErrors()).toHaveText(
    'A project or monitoring area named Lobby already exists at this level.',
  );
  await expect(opened.locator('.ant-alert')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(DIR, 'project-area-duplicate-en-US.png') });

  // Without a logo the area is added and shows the area icon.
  await dialog.field('proName').fill('Loading_Bay');
  await dialog.dialogButton('Save').click();
  await expect(dialog.message('Monitoring area added.').last()).toBeVisible();
  await expect(tree.title('Loading_Bay')).toBeVisible();
  await expect(tree.row('Loading_Bay').locator('.anticon-environment')).toBeVisible();
  await expect(tree.logo('Loading_Bay')).toHaveCount(0);

  // Editing it is editing an area.
  await tree.actions('Loading_Bay').click();
  await tree.menuItem('Edit').click();
  const editing = await dialog.openedDialog();
  await expect(editing.locator('.ant-modal-title')).toHaveText('Edit monitoring area Loading_Bay');
  await expect(editing).toContainText('Area icon (optional)');
  await dialog.field('proName').fill('Loading_Bay_2');
  await dialog.dialogButton('Save').click();
  await expect(tree.title('Loading_Bay_2')).toBeVisible();
});
