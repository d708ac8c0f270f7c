// Alarms end to end: a simulated camera raises an alarm with a picture; it appears in the alarm list with
// its picture, the header's unread count includes it, and marking it read lowers the count. A simulated NVR's alarms
// read by SPEC's type names in each language (never the device's event names), its offline alarm too, and an alarm's
// live link plays its channel. Screenshots in three languages.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { screenshot, screenshotInEachLanguage, signInAs } from '../fixtures/session';
import { AlarmScreen } from '../pages/alarms.page';
import { ConsolePage } from '../pages/console.page';
import { LiveScreen } from '../pages/live.page';
import { channelsPlayable, enterpriseWithProject } from '../support/seed';
import { startCameras, type SimRun } from '../support/simulator';

const PASSWORD = 'Alarm#Main2025';

let cameras: SimRun | undefined;
test.afterEach(async () => {
  await cameras?.stop();
});

const unreadOf = async (screen: AlarmScreen) =>
  Number(/(\d+)/.exec((await screen.bell().getAttribute('aria-label')) ?? '')?.[1]);

test('a simulated alarm shows with its picture, counts as unread, and marking it read lowers the count', async ({
  page,
  admin,
}) => {
  test.setTimeout(120_000);
  const { mainLogin, boss, projectId } = await enterpriseWithProject(page.request, admin, {
    prefix: 'alarm',
    password: PASSWORD,
    proName: 'Depot',
  });
  const gbCode = `3402000000132${String((Date.now() + 5_000_000) % 10_000_000).padStart(7, '0')}`;
  await boss.post('/api/device/add', {
    sn: `ALRM${gbCode.slice(-9)}`,
    devName: 'Depot camera',
    devType: 'IPC',
    projectId,
    password: 'cam-pass-e2e',
    gbCode,
  });
  // One alarm every 3 s; stop once one has arrived with its picture, so the count holds still.
  cameras = startCameras({ firstId: gbCode, count: 1, password: 'cam-pass-e2e', alarmsPerMinute: 20 });
  await expect
    .poll(
      async () =>
        (await boss.post<{ picture: string | null }[]>('/api/alarm/queryListAll', {})).some((a) => a.picture !== null),
      { timeout: 45_000, message: 'an alarm with its picture arrives' },
    )
    .toBe(true);
  await cameras.stop();
  cameras = undefined;

  await signInAs(page, mainLogin, PASSWORD);
  await page.goto('/project/device/alarmlist');
  const screen = new AlarmScreen(page);
  await expect(screen.rows().first()).toBeVisible();
  // The picture is served through the alarm's authorised route and really loads.
  await expect
    .poll(
      () =>
        screen
          .pictures()
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      { timeout: 15_000 },
    )
    .toBe(640);
  const before = await unreadOf(screen);
  expect(before).toBeGreaterThan(0);
  await screen.rowCheckbox(0).check();
  await screen.batchRead().click();
  await expect.poll(() => unreadOf(screen), { timeout: 10_000 }).toBe(before - 1);

  await screenshotInEachLanguage(page, 'alarms');
});

/** SPEC §3's names of the simulator's three alarm kinds, and the platform's offline alarm, in each language. */
const NAMES = [
  {
    lang: 'en-US',
    autonym: 'English',
    types: ['Motion detection', 'Video loss', 'Human shape detection'],
    offline: 'Device offline (signed off)',
  },
  {
    lang: 'zh-CN',
    autonym: '简体中文',
    types: ['移动侦测', '视频丢失', '人形检测'],
    offline: '设备离线（设备已注销）',
  },
  {
    lang: 'zh-TW',
    autonym: '繁體中文',
    types: ['動態偵測', '影像遺失', '人形偵測'],
    offline: '裝置離線（裝置已登出）',
  },
] as const;
const EVENT_NAMES =
  /VideoMotion|VideoLoss|appEventHumanDetectAlarm|offline \((unregistered|keepalive|expired|connection)\)/;

test('an NVR channel’s alarm plays live from its row, and alarm types read by their SPEC names in three languages', async ({
  page,
  admin,
}) => {
  test.setTimeout(180_000);
  const { mainLogin, boss, projectId } = await enterpriseWithProject(page.request, admin, {
    prefix: 'alarmnvr',
    password: PASSWORD,
    proName: 'Garage',
  });
  const gbCode = `3402000000118${String((Date.now() + 7_000_000) % 10_000_000).padStart(7, '0')}`;
  const nvr = await boss.post<{ id: number }>('/api/device/add', {
    sn: `ALNV${gbCode.slice(-9)}`,
    devName: 'Garage NVR',
    devType: 'NVR',
    projectId,
    password: 'nvr-pass-e2e',
    gbCode,
  });
  // One alarm every 5 s, the simulator's three kinds in turn: the operator's alarm below stays on the first page.
  cameras = startCameras({
    firstId: gbCode,
    count: 1,
    password: 'nvr-pass-e2e',
    type: 'nvr',
    channels: 4,
    alarmsPerMinute: 12,
  });
  await expect
    .poll(
      async () => new Set((await boss.post<{ type: string }[]>('/api/alarm/queryListAll', {})).map((a) => a.type)).size,
      { timeout: 45_000, message: 'alarms of all three kinds arrive' },
    )
    .toBe(3);
  await channelsPlayable(boss, nvr.id, 4);
  // An operator's alarm on channel 2: its row's live link plays that channel.
  await boss.post('/api/alarm/add', { deviceId: nvr.id, channel: 2, type: 'E', content: 'Face at the barrier' });

  await signInAs(page, mainLogin, PASSWORD);
  await page.goto('/project/device/alarmlist');
  const screen = new AlarmScreen(page);
  const manual = screen.row('Face at the barrier');
  await expect(manual).toBeVisible();
  await screen.liveLink(manual).click();
  await expect(page).toHaveURL(/\/project\/live\?.*channel=2/);
  const live = new LiveScreen(page);
  await expect(live.title(0)).toContainText('Garage NVR · Channel 2');
  await expect
    .poll(() => live.video(0).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1.5);

  // The NVR signs off: the platform's own offline alarm.
  await cameras.stop();
  cameras = undefined;
  await expect
    .poll(
      async () =>
        (await boss.post<{ source: string }[]>('/api/alarm/queryListAll', {})).some((a) => a.source === 'offline'),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);

  await page.goto('/project/device/alarmlist');
  await expect(screen.rows().first()).toBeVisible();
  const consolePage = new ConsolePage(page);
  for (const { lang, autonym, types, offline } of NAMES) {
    await consolePage.languageButton().click();
    await consolePage.languageOption(autonym).click();
    const table = page.locator('.ant-table:visible');
    for (const name of types) await expect(table.getByText(name).first()).toBeVisible();
    await expect(table.getByText(offline).first()).toBeVisible();
    await expect(table).not.toContainText(EVENT_NAMES);
    await screenshot(page, `alarms-names-${lang}.png`);
  }
});
