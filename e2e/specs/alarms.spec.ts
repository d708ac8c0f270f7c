// Alarms end to end (issue 7 §5): a simulated camera raises an alarm with a picture; it appears in the alarm list with
// its picture, the header's unread count includes it, and marking it read lowers the count. Screenshots in three languages.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { screenshotInEachLanguage, signInAs } from '../fixtures/session';
import { AlarmScreen } from '../pages/alarms.page';
import { enterpriseWithProject } from '../support/seed';
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
