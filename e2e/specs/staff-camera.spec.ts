// Giving a new staff member one camera (SPEC §6 per-role project and video privileges, device groups): the
// enterprise's administrator makes a role with a project and live view, a staff member with it, and a device group
// holding one of two cameras with that member in it; the member signs in, sees that camera only and plays it.
// Then the role and group editors in three languages (with a simulated NVR's channels), for a person to look at.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { ApiSession, uniqueName } from '../fixtures/api';
import { screenshot, signInAs, signOut } from '../fixtures/session';
import { LiveScreen } from '../pages/live.page';
import { RoleEmployeePage } from '../pages/organisation.page';
import { ProjectTree } from '../pages/projects.page';
import { camerasIn, deviceOnline, enterpriseWithProject } from '../support/seed';
import { startCameras, type SimRun } from '../support/simulator';

const PASSWORD = 'Cam#Main2025';
const STAFF_PASSWORD = 'Cam#Staff2025';
const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;

let cameras: SimRun | undefined;
test.afterEach(async () => {
  await cameras?.stop();
  cameras = undefined;
});

/** A camera streaming from the simulator, online; and a second one that stays out of the group. */
async function twoCameras(boss: ApiSession, projectId: number) {
  const gbCode = `3402000000132${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const devicePassword = 'cam-pass-e2e';
  const gate = await boss.post<{ id: number }>('/api/device/add', {
    sn: `GATE${gbCode.slice(-9)}`,
    devName: 'Gate camera',
    devType: 'IPC',
    projectId,
    password: devicePassword,
    gbCode,
  });
  await boss.post('/api/device/add', {
    sn: `DOCK${gbCode.slice(-9)}`,
    devName: 'Dock camera',
    devType: 'IPC',
    projectId,
    password: 'cam-pass-dock',
  });
  cameras = startCameras({ firstId: gbCode, count: 1, password: devicePassword });
  await deviceOnline(boss, gate.id);
}

test('an administrator gives a new staff member one camera, which they see alone and play', async ({ page, admin }) => {
  test.setTimeout(240_000);
  const { mainLogin, boss, projectId } = await enterpriseWithProject(page.request, admin, {
    prefix: 'staffcam',
    password: PASSWORD,
    proName: 'Harbour',
  });
  await twoCameras(boss, projectId);
  const staffLogin = uniqueName('wugang');

  const consolePage = await signInAs(page, mainLogin, PASSWORD);
  await page.goto('/user/role-employee');
  const org = new RoleEmployeePage(page);

  // A role: live view and devices, the Harbour project, and the live video privilege.
  await org.tab('Roles').click();
  await org.button(/Add role/).click();
  await org.openedDialog();
  await org.field('roleName').fill('Gate watchers');
  await org.privilege('Live view').click();
  await org.privilege('Devices').click();
  await org.section('Projects').click();
  await expect(org.dialog()).toContainText('will see no projects');
  await org.projectNode('Harbour').click();
  await expect(org.projectGrant('Harbour')).toContainText('Watch devices');
  await org.section('Video').click();
  await expect(org.dialog()).toContainText('cannot play live video');
  await org.videoPrivilege('Live view').check();
  await org.dialogButton('Save').click();
  await expect(org.message('The role has been added.')).toBeVisible();
  await expect(org.row('Gate watchers').filter({ visible: true })).toBeVisible();

  // A staff member holding it.
  await org.tab('Staff').click();
  await org.button(/Add staff/).click();
  await org.openedDialog();
  await org.field('loginName').fill(staffLogin);
  await org.field('name').fill('Wu Gang');
  await org.field('password').fill(STAFF_PASSWORD);
  await org.field('confirmPassword').fill(STAFF_PASSWORD);
  await org.select('roleIds').click();
  await org.option('Gate watchers').click();
  await org.dialogButton('Save').click();
  await expect(org.row(staffLogin)).toContainText('Gate watchers');

  // A device group with the gate camera alone, and the staff member in it.
  await org.tab('Device groups').click();
  await org.button(/Add group/).click();
  await org.openedDialog();
  await org.field('name').fill('Entrance');
  await org.dialogButton('Save').click();
  await org.row('Entrance').getByRole('button', { name: 'Devices and staff' }).click();
  const editor = org.groupEditor();
  await expect(editor).toContainText('No devices yet');
  await editor.getByRole('button', { name: 'Add devices' }).click();
  const picker = org.devicePicker();
  await picker.getByPlaceholder('Device name or serial number').fill('Gate camera');
  await picker.getByPlaceholder('Device name or serial number').press('Enter');
  await expect(picker.locator('.ant-table-row')).toHaveCount(1);
  await picker.locator('.ant-table-row', { hasText: 'Gate camera' }).getByRole('checkbox').check();
  await expect(picker).toContainText('Chosen: devices 1, channels 0');
  await picker.getByRole('button', { name: 'Add to the group' }).click();
  await expect(org.message('Added to the group.')).toBeVisible();
  await expect(editor.locator('.ant-table-row')).toHaveText([/Gate camera/]);
  await editor.getByRole('tab', { name: 'Staff' }).click();
  await editor.locator('.ant-transfer-section').first().getByText(`Wu Gang (${staffLogin})`).click();
  await editor.getByRole('button', { name: 'right' }).click();
  await editor.getByRole('button', { name: 'Save staff' }).click();
  await expect(org.message(/staff have been saved/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(org.row('Entrance').filter({ visible: true })).toContainText('1');
  await signOut(consolePage);

  // The staff member sees the one camera and plays it.
  await signInAs(page, staffLogin, STAFF_PASSWORD, { mode: 'sub' });
  const tree = new ProjectTree(page);
  await expect(tree.row('Harbour')).toBeVisible();
  await expect(tree.title('Gate camera')).toBeVisible();
  await expect(tree.deviceRows(/camera/)).toHaveCount(1);
  await tree.title('Gate camera').click();
  await expect(page).toHaveURL(/\/project\/live\?deviceId=/);
  const live = new LiveScreen(page);
  await expect(live.title(0)).toContainText('Gate camera');
  // Plays: the element's clock moves on by more than a second of real video.
  await expect
    .poll(() => live.video(0).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1.5);
});

test('the role and group editors in three languages', async ({ page, admin, baseURL }) => {
  test.setTimeout(240_000);
  const { mainLogin, boss, projectId, logoUrl } = await enterpriseWithProject(page.request, admin, {
    prefix: 'editors',
    password: PASSWORD,
    proName: 'Harbour',
  });
  const north = await boss.post<{ id: number }>('/api/project/add', {
    proName: 'North-Gate',
    proLogo: logoUrl,
    parentId: projectId,
  });
  await boss.post('/api/project/add', { proName: 'Warehouse', proLogo: logoUrl });
  const devices = await camerasIn(boss, { projectId: north.id, name: 'Gate camera', count: 4 });
  const role = await boss.post<{ id: number }>('/api/role/add', {
    roleName: 'Gate watchers',
    remark: 'Watch the gate cameras',
    privilegeKeys: ['project', 'preview', 'device', 'device-show', 'records'],
  });
  await boss.post('/api/roleProjectPrivilege/update', {
    roleId: role.id,
    projects: [{ projectId: north.id, privilegeKeys: ['project', 'preview', 'device', 'device-show'] }],
  });
  await boss.post('/api/roleVideoPrivilege/update', { roleId: role.id, keys: ['live', 'playback', 'snapshot'] });
  // A recorder whose channels arrive from the simulator: two of its four go in the group.
  const nvrCode = `3402000000118${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const nvr = await boss.post<{ id: number }>('/api/device/add', {
    sn: `NVR${nvrCode.slice(-10)}`,
    devName: 'Lobby NVR',
    devType: 'NVR',
    projectId: north.id,
    password: 'nvr-pass-e2e',
    gbCode: nvrCode,
  });
  cameras = startCameras({ firstId: nvrCode, count: 1, password: 'nvr-pass-e2e', type: 'nvr', channels: 4 });
  let channels: { id: number }[] = [];
  await expect
    .poll(
      async () =>
        (channels = await boss.post<{ id: number }[]>('/api/device/channel/list', { deviceId: nvr.id })).length,
      { timeout: 30_000, message: 'the simulated NVR reports its channels' },
    )
    .toBe(4);
  const group = await boss.post<{ id: number }>('/api/group/add', { name: 'Entrance', remark: 'Doors and lobby' });
  await boss.post('/api/group/device/listAdd', { groupId: group.id, deviceIds: devices.slice(0, 2).map((d) => d.id) });
  await boss.post('/api/group/channel/listAdd', { groupId: group.id, channelIds: [channels[0]!.id, channels[2]!.id] });
  for (const [name, inGroup] of [
    ['Wu Gang', true],
    ['李娜', true],
    ['Chen Jing', false],
  ] as const) {
    await boss.post('/api/employee/add', {
      loginName: uniqueName('staff'),
      name,
      password: await boss.encrypt(STAFF_PASSWORD),
      roleIds: [role.id],
      ...(inGroup ? { groupId: group.id } : {}),
    });
  }

  for (const lang of LANGUAGES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    await signInAs(page, mainLogin, PASSWORD);
    await page.goto('/user/role-employee');
    const org = new RoleEmployeePage(page);

    await org.tabs().nth(1).click();
    await org.row('Gate watchers').filter({ visible: true }).getByRole('button').first().click();
    await org.openedDialog();
    await org.section(/项目|專案|Projects/).click();
    await expect(org.projectGrant(/North-Gate/)).toBeVisible();
    await screenshot(page, `role-editor-projects-${lang}.png`);
    await org.section(/视频|影像|Video/).click();
    await expect(org.videoPrivilege(/实时预览|即時預覽|Live view/)).toBeChecked();
    await screenshot(page, `role-editor-video-${lang}.png`);
    await page.keyboard.press('Escape');

    await org.tabs().nth(2).click();
    await org.row('Entrance').filter({ visible: true }).getByRole('button').first().click();
    const editor = org.groupEditor();
    await expect(editor.locator('.ant-table-row')).toHaveCount(3);
    await expect(editor.locator('.ant-table-row', { hasText: 'Lobby NVR' }).locator('.ant-tag')).toHaveCount(2);
    await screenshot(page, `group-editor-devices-${lang}.png`);
    await editor.getByRole('button', { name: /添加设备|新增裝置|Add devices/ }).click();
    const picker = org.devicePicker();
    await expect(picker.locator('.ant-table-row')).toHaveCount(5);
    await picker.locator('.ant-table-row', { hasText: 'Gate camera 03' }).getByRole('checkbox').check();
    await picker.locator('.ant-table-row', { hasText: 'Lobby NVR' }).locator('.ant-table-row-expand-icon').click();
    const nvrChannels = picker.locator('.ant-table-expanded-row').getByRole('checkbox');
    await expect(nvrChannels).toHaveCount(4);
    await nvrChannels.nth(1).check();
    // The recorder is in already: one new device (camera 03) and one new channel.
    await expect(picker.locator('.group-picker-summary')).toContainText(/1\D+1/);
    await screenshot(page, `group-picker-${lang}.png`);
    // antd spaces out a two-character Chinese label: 取 消.
    await picker.getByRole('button', { name: /取\s?消|Cancel/ }).click();
    await editor.getByRole('tab', { name: /员工|員工|Staff/ }).click();
    await expect(editor.locator('.ant-transfer-section').last()).toContainText('Wu Gang');
    await screenshot(page, `group-editor-staff-${lang}.png`);
    await page.keyboard.press('Escape');
  }
});
