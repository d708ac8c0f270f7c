// List tables at the widths people use (1280 and 1440): the columns that matter are in view, not under the
// fixed actions column; long texts end in an ellipsis with the whole text on hover; the device list shows
// channels, GB code, address and last seen. Screenshots of each list in the three languages at both widths.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/console-test';
import { uniqueName } from '../fixtures/api';
import { signInAs } from '../fixtures/session';
import { areaUnder, enterpriseWithProject } from '../support/seed';

const PASSWORD = 'Tables#Main2025';
const DIR = join(process.cwd(), 'test-results', 'screens');
const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;
const LONG_CONTENT =
  'Motion detected near the loading bay door while the site was closed; two people walked along the fence towards the car park and stayed for several minutes';
const LONG_DEVICE = 'Loading bay entrance camera north side';
/** Cells fixed to the table's end (the actions column). */
const FIXED_END = '.ant-table-cell-fix-end';

/** The box of `cell`, and whether a fixed-right cell of the same table row overlaps it. */
async function coveredByFixed(cell: Locator): Promise<{ visible: boolean; covered: boolean }> {
  return cell.evaluate((th, fixedEnd) => {
    const box = th.getBoundingClientRect();
    const holder = th.closest('.ant-table-container')!.getBoundingClientRect();
    const fixed = Array.from(th.parentElement!.querySelectorAll(fixedEnd), (c) => c.getBoundingClientRect());
    const visible = box.width > 0 && box.left >= holder.left - 1 && box.right <= holder.right + 1;
    const covered = fixed.some((f) => f.left < box.right - 1 && f.right > box.left + 1);
    return { visible, covered };
  }, FIXED_END);
}

/** Whether a table is wider than its box, so that some of it is reached only by scrolling sideways. */
async function scrollsSideways(root: Locator): Promise<boolean> {
  return root
    .locator('.ant-table-content')
    .filter({ visible: true })
    .evaluate((el) => el.scrollWidth > el.clientWidth + 1);
}

async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
}

test('list tables keep what matters in view at 1280 and 1440, in three languages', async ({ page, admin, baseURL }) => {
  test.setTimeout(300_000);
  mkdirSync(DIR, { recursive: true });
  const { mainLogin, boss, projectId, logoUrl } = await enterpriseWithProject(page.request, admin, {
    prefix: 'tables',
    password: PASSWORD,
    proName: 'HarbourRetail_Headquarters',
  });
  const area = await areaUnder(boss, { parentId: projectId, proName: 'Underground_Car_Park-North', proLogo: logoUrl });
  const stamp = Date.now().toString(36).toUpperCase().slice(-8);
  const camera = await boss.post<{ id: number }>('/api/device/add', {
    sn: `TBL${stamp}CAM1`.slice(0, 13).padEnd(13, '1'),
    devName: LONG_DEVICE,
    devType: 'IPC',
    projectId: area,
    password: 'cam-pass-1',
    gbCode: `3402000000132${String(Date.now() % 10_000_000).padStart(7, '0')}`,
  });
  const recorder = await boss.post<{ id: number }>('/api/device/add', {
    sn: `TBL${stamp}NVR1`.slice(0, 16).padEnd(16, '2'),
    devName: 'Main building recorder',
    devType: 'NVR',
    projectId,
    password: 'nvr-pass-1',
  });
  const types = ['A', 'B', 'C', 'F'] as const;
  for (const [i, type] of types.entries()) {
    const { id } = (await boss.post<{ id: number }>('/api/alarm/add', {
      deviceId: i % 2 === 0 ? camera.id : recorder.id,
      channel: i % 2 === 0 ? 1 : undefined,
      type,
      content: i === 0 ? LONG_CONTENT : `Alarm ${type} raised by the device`,
    })) ?? { id: 0 };
    if (i === 1 && id) await boss.post('/api/alarm/update', { id, handling: 'treating', note: 'On the way' });
  }
  const role = await boss.post<{ id: number }>('/api/role/add', {
    roleName: 'Night-shift monitors',
    remark: 'Watches live video and handles alarms at night across every site of the group',
    privilegeKeys: [],
  });
  await boss.post('/api/group/add', {
    name: 'Car park cameras',
    remark: 'Every camera of the underground car park, north and south wings',
  });
  await boss.post('/api/employee/add', {
    loginName: uniqueName('guard'),
    name: 'Zhang Wei',
    password: await boss.encrypt('Guard#Pass2025'),
    roleIds: [role.id],
    department: 'Security operations',
    mobile: '13800138000',
    email: 'zhang.wei.night-shift.supervisor@harbour-retail.example.com',
  });

  for (const lang of LANGUAGES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    await page.setViewportSize(WIDTHS[1]);
    await signInAs(page, mainLogin, PASSWORD);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      const tag = `${size.width}-${lang}`;

      await page.goto('/project/device/alarmlist');
      const alarms = page.locator('.console-page[data-tab="/project/device/alarmlist"]');
      await expect(alarms.locator('.ant-table-row')).toHaveCount(4);
      // The operator's columns are in view without scrolling, none under the fixed actions.
      for (const th of await alarms.locator('.ant-table-thead th:not(.ant-table-cell-fix-end)').all()) {
        if (!(await th.textContent())?.trim()) continue;
        expect.soft(await coveredByFixed(th), `${tag}: ${await th.textContent()}`).toEqual({
          visible: true,
          covered: false,
        });
      }
      expect.soft(await scrollsSideways(alarms), `${tag}: the alarm table scrolls sideways`).toBe(false);
      await settle(page);
      await page.screenshot({ path: join(DIR, `table-alarms-${tag}.png`) });

      await page.goto('/project/device');
      const devices = page.locator('.console-page[data-tab="/project/device"]');
      await expect(devices.locator('.ant-table-row')).toHaveCount(2);
      for (const th of await devices.locator('.ant-table-thead th:not(.ant-table-cell-fix-end)').all()) {
        if (!(await th.textContent())?.trim()) continue;
        expect.soft(await coveredByFixed(th), `${tag}: ${await th.textContent()}`).toEqual({
          visible: true,
          covered: false,
        });
      }
      expect.soft(await scrollsSideways(devices), `${tag}: the device table scrolls sideways`).toBe(false);
      await settle(page);
      await page.screenshot({ path: join(DIR, `table-devices-${tag}.png`) });

      await page.goto('/user/role-employee');
      const org = page.locator('.console-page[data-tab="/user/role-employee"]');
      await expect(org.locator('.ant-table-row')).toHaveCount(1);
      expect.soft(await scrollsSideways(org), `${tag}: the staff table scrolls sideways`).toBe(false);
      await settle(page);
      await page.screenshot({ path: join(DIR, `table-staff-${tag}.png`) });
      await org.getByRole('tab').nth(1).click();
      await expect(org.locator('.ant-table-row').filter({ visible: true })).toHaveCount(1);
      await settle(page);
      await page.screenshot({ path: join(DIR, `table-roles-${tag}.png`) });
      await org.getByRole('tab').nth(2).click();
      await expect(org.locator('.ant-table-row').filter({ visible: true })).toHaveCount(1);
      await settle(page);
      await page.screenshot({ path: join(DIR, `table-groups-${tag}.png`) });
    }
  }

  // A cut text shows whole on hover (en-US, the last language).
  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/project/device/alarmlist');
  const content = page.locator('.ant-table-row').getByText(LONG_CONTENT, { exact: true });
  await content.hover();
  await expect(page.locator('.ant-tooltip').filter({ hasText: 'stayed for several minutes' })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: join(DIR, 'table-alarms-tooltip-1280-en-US.png') });

  // The device list names the camera's address, GB code and channel count; a device never heard from says so.
  await page.goto('/project/device');
  const row = page.locator('.ant-table-row', { hasText: LONG_DEVICE });
  await expect(row).toContainText('3402000000132');
  await expect(row).toContainText('Never');
});
