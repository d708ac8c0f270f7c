// The screens the security work added, used as a person would: the main account unlocks a staff
// member's sign-in from the staff list; the enrolment secret in GB28181 settings; the recovery
// choice that shows no address. Screenshots in three
// languages (test-results/screens/).
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { ApiSession, uniqueName } from '../fixtures/api';
import { screenshot, signInAs, signOut } from '../fixtures/session';
import { RoleEmployeePage } from '../pages/organisation.page';
import { logoPng } from '../support/png';
import { RecoveryPage } from '../pages/recovery.page';

const MAIN_PASSWORD = 'Lock#Main2025';
const STAFF_PASSWORD = 'Lock#Staff2025';
const LANGUAGES = ['en-US', 'zh-CN', 'zh-TW'] as const;

test('the main account unlocks a staff member’s sign-in from the staff list', async ({ page, admin, baseURL }) => {
  test.setTimeout(180_000);
  const platform = await ApiSession.signIn(page.request, admin.login, admin.password);
  const mainLogin = uniqueName('lockmain');
  await platform.post('/api/enterprise/add', {
    name: 'Quayside Logistics',
    loginName: mainLogin,
    password: await platform.encrypt(MAIN_PASSWORD),
  });
  const main = await ApiSession.signIn(page.request, mainLogin, MAIN_PASSWORD);
  const role = await main.post<{ id: number }>('/api/role/add', {
    roleName: 'Guards',
    privilegeKeys: ['project', 'preview', 'device-show'],
  });
  const staffLogin = uniqueName('guard');
  await main.post('/api/employee/add', {
    loginName: staffLogin,
    name: 'Sun Li',
    password: await main.encrypt(STAFF_PASSWORD),
    roleIds: [role.id],
  });
  // Auto-enrolment on, into a project: the settings then show the enterprise's enrolment secret.
  const logo = await main.upload<{ url: string }>('/api/file/project/logoUpload/0', {
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logoPng(),
  });
  const depot = await main.post<{ id: number }>('/api/project/add', { proName: 'QuaysideDepot', proLogo: logo.url });
  await main.post('/api/device/regional/update', {
    server: '127.0.0.1:5060',
    areaCode: '340200',
    unitNumber: '00',
    industryCode: '00',
    typeCode: '132',
    networkId: '0',
    autoEnrolProjectId: depot.id,
  });

  // Locking the account takes wrong passwords from this browser's address, which would make every
  // later sign-in of the suite solve a captcha: the server tests lock and unlock; this drives the screen.
  const consolePage = await signInAs(page, mainLogin, MAIN_PASSWORD);
  const staff = new RoleEmployeePage(page);
  /** The staff list with Sun Li's row menu open. */
  const openRowMenu = async () => {
    await page.goto('/user/role-employee');
    await expect(staff.row('Sun Li')).toBeVisible();
    await staff
      .row('Sun Li')
      .getByRole('button', { name: /More|更多/ })
      .click();
    await expect(page.getByRole('menuitem').last()).toBeVisible();
  };
  await openRowMenu();
  await page.getByRole('menuitem', { name: 'Unlock sign-in' }).click();
  await expect(staff.dialog()).toContainText('Unlock the sign-in of Sun Li?');
  await (await staff.openedDialog()).getByRole('button', { name: 'Unlock sign-in' }).click();
  await expect(staff.message('Sign-in is unlocked.').last()).toBeVisible();
  await signOut(consolePage);

  await signOut(await signInAs(page, staffLogin, STAFF_PASSWORD, { mode: 'sub' }));

  // The staff menu and the GB28181 settings of the main account, in each language.
  for (const lang of LANGUAGES) {
    await page.context().clearCookies();
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    await signInAs(page, mainLogin, MAIN_PASSWORD);
    await openRowMenu();
    await screenshot(page, `staff-unlock-menu-${lang}.png`);
    await page.keyboard.press('Escape');

    await page.goto('/project/device');
    await page.getByRole('button', { name: /GB28181/ }).click();
    await expect(staff.dialog()).toBeVisible();
    await page.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, body.scrollHeight));
    await screenshot(page, `gb28181-settings-${lang}.png`);
  }
});

for (const lang of LANGUAGES) {
  test(`recovery choice shows no address of the account (${lang})`, async ({ page, admin, baseURL }) => {
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    await page.goto('/findback/account');
    const recovery = new RecoveryPage(page);
    await recovery.userName().fill(admin.login);
    await recovery.submit().click();
    await expect(page).toHaveURL(/\/findback\/choice$/);
    await expect(page.locator('body')).not.toContainText('@');
    await screenshot(page, `recovery-choice-${lang}.png`);
  });
}
