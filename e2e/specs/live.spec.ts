// Live view: a simulated GB28181 camera registers with the real gateway; clicking it in the project
// tree opens /project/live and its video plays in Chromium (currentTime advances). A simulated NVR unfolds in the tree
// to its channels with their state, and one channel clicked plays alone. Screenshots in three languages.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { screenshotInEachLanguage, signInAs } from '../fixtures/session';
import { LiveScreen } from '../pages/live.page';
import { ProjectTree } from '../pages/projects.page';
import { channelsPlayable, deviceOnline, enterpriseWithProject } from '../support/seed';
import { startCameras, type SimRun } from '../support/simulator';

const PASSWORD = 'Live#Main2025';

let cameras: SimRun | undefined;
test.afterEach(async () => {
  await cameras?.stop();
});

test('a simulated camera clicked in the tree plays live in the browser', async ({ page, admin }) => {
  test.setTimeout(120_000);
  const { mainLogin, boss, projectId } = await enterpriseWithProject(page.request, admin, {
    prefix: 'live',
    password: PASSWORD,
    proName: 'Plaza',
  });
  // A GB code unique to this run, so reruns against one server do not collide.
  const gbCode = `3402000000132${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  const devicePassword = 'cam-pass-e2e';
  const device = await boss.post<{ id: number }>('/api/device/add', {
    sn: `LIVE${gbCode.slice(-9)}`,
    devName: 'Plaza camera',
    devType: 'IPC',
    projectId,
    password: devicePassword,
    gbCode,
  });
  cameras = startCameras({ firstId: gbCode, count: 1, password: devicePassword });
  await deviceOnline(boss, device.id);

  await signInAs(page, mainLogin, PASSWORD);
  const tree = new ProjectTree(page);
  await tree.title('Plaza camera').click();
  await expect(page).toHaveURL(/\/project\/live\?deviceId=/);
  const live = new LiveScreen(page);
  await expect(live.title(0)).toContainText('Plaza camera');
  // Plays: the element's clock moves on by more than a second of real video.
  await expect
    .poll(() => live.video(0).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1.5);
  const size = await live.video(0).evaluate((v: HTMLVideoElement) => [v.videoWidth, v.videoHeight]);
  expect(size).toEqual([640, 360]);

  await screenshotInEachLanguage(page, 'live');
});

test('a simulated NVR unfolds in the tree to its channels, and one channel plays alone', async ({ page, admin }) => {
  test.setTimeout(150_000);
  const { mainLogin, boss, projectId } = await enterpriseWithProject(page.request, admin, {
    prefix: 'nvrlive',
    password: PASSWORD,
    proName: 'Yard',
  });
  const gbCode = `3402000000118${String((Date.now() + 3_000_000) % 10_000_000).padStart(7, '0')}`;
  const nvr = await boss.post<{ id: number }>('/api/device/add', {
    sn: `NVRL${gbCode.slice(-9)}`,
    devName: 'Yard NVR',
    devType: 'NVR',
    projectId,
    password: 'nvr-pass-e2e',
    gbCode,
  });
  cameras = startCameras({ firstId: gbCode, count: 1, password: 'nvr-pass-e2e', type: 'nvr', channels: 4 });
  await channelsPlayable(boss, nvr.id, 4);

  await signInAs(page, mainLogin, PASSWORD);
  const tree = new ProjectTree(page);
  await expect(tree.row('Yard NVR')).toHaveAttribute('aria-expanded', 'false');
  await tree.expander('Yard NVR').click();
  await expect(tree.row('Yard NVR')).toHaveAttribute('aria-expanded', 'true');
  // The simulator names its channels after itself; each row says its state.
  const channel = (k: number) => `Sim NVR 0001 CH0${k}`;
  for (const k of [1, 2, 3, 4]) await expect(tree.title(channel(k))).toBeVisible();
  await expect(tree.row(channel(2)).getByRole('img', { name: 'Online' })).toBeVisible();

  await tree.title(channel(3)).click();
  await expect(page).toHaveURL(/\/project\/live\?.*channel=3/);
  const live = new LiveScreen(page);
  await expect(live.title(0)).toContainText('Yard NVR · Channel 3');
  await expect
    .poll(() => live.video(0).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1.5);
  // One channel, one tile: the recorder's others stay off.
  await expect(live.tiles().filter({ hasText: 'Yard NVR' })).toHaveCount(1);

  await screenshotInEachLanguage(page, 'live-nvr-channel');
});
