// Organisation: the platform admin creates an enterprise; its main account fills the enterprise info,
// creates a role and staff with it; that employee signs in as a sub-account and sees only what the role grants.
import { test, expect } from '../fixtures/console-test';
import { uniqueName } from '../fixtures/api';
import { signInAs, signOut } from '../fixtures/session';
import { EnterpriseInfoScreen, EnterprisesScreen, RoleEmployeePage } from '../pages/organisation.page';
import { logoPng } from '../support/png';

const MAIN_PASSWORD = 'Org#Main2025';
const CLERK_PASSWORD = 'Clerk#2025x';

test('an enterprise’s staff member sees only the menus and buttons of their role', async ({ page, admin }) => {
  const enterpriseName = `E2E ${uniqueName('Org')}`;
  const mainLogin = uniqueName('org');
  const clerkLogin = uniqueName('clerk');

  // The platform's super administrator creates the enterprise and its main account.
  let consolePage = await signInAs(page, admin.login, admin.password);
  await consolePage.topMenuItem('Platform').click();
  await consolePage.sideMenuItem('Enterprises').click();
  const enterprises = new EnterprisesScreen(page);
  await enterprises.button(/Add enterprise/).click();
  await enterprises.field('name').fill(enterpriseName);
  await enterprises.field('loginName').fill(mainLogin);
  await enterprises.field('password').fill(MAIN_PASSWORD);
  await enterprises.field('confirmPassword').fill(MAIN_PASSWORD);
  await enterprises.dialogButton('Save').click();
  await expect(enterprises.row(enterpriseName)).toContainText(mainLogin);
  await expect(enterprises.row(enterpriseName)).toContainText('Enabled');
  await signOut(consolePage);

  // The main account completes the enterprise info (every field required, logo uploaded and shown).
  consolePage = await signInAs(page, mainLogin, MAIN_PASSWORD);
  await consolePage.topMenuItem('Platform').click();
  await expect(page).toHaveURL(/\/platform\/info$/);
  const info = new EnterpriseInfoScreen(page);
  await expect(info.input('Enterprise name')).toHaveValue(enterpriseName);
  await info.button('Save').click();
  await expect(info.root().getByText('This field is required.').first()).toBeVisible();
  await info.logoInput().setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await expect(info.logo()).toHaveJSProperty('complete', true);
  expect(await info.logo().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await info.input('Registration number').fill('91310000MA1FL0001X');
  await info.select('scale', info.root()).click();
  await info.option('50–199 people').click();
  await info.input('Industry').fill('Security');
  await info.input('Country or region').fill('China');
  await info.input('Platform ID').fill(mainLogin);
  await info.input('Main business').fill('Video surveillance of shops');
  await info.input('Address').fill('1 Century Avenue, Shanghai');
  await info.input('Mobile').fill('13800138000');
  await info.input('Email').fill('ops@e2e.example.com');
  await info.input('Backup email').fill('it@e2e.example.com');
  await info.button('Save').click();
  await expect(info.message('The enterprise info has been saved.')).toBeVisible();

  // A role granting adding staff (with the staff menu) and personal info, and an employee holding it.
  await consolePage.topMenuItem('Users').click();
  await expect(page).toHaveURL(/\/user\/role-employee$/);
  const org = new RoleEmployeePage(page);
  await org.tab('Roles').click();
  await org.button(/Add role/).click();
  await org.field('roleName').fill('Receptionists');
  await org.privilege('Add staff').click();
  await org.privilege('Personal info').click();
  await org.dialogButton('Save').click();
  // The staff menu came along with its point: user, user-add, account.
  await expect(org.row('Receptionists')).toContainText('3 privileges');

  await org.tab('Staff').click();
  // SPEC §5: a batch action needs a selection.
  await org.button('Disable selected').click();
  await expect(org.message('Select at least one item.')).toBeVisible();
  await org.button(/Add staff/).click();
  await org.field('loginName').fill(clerkLogin);
  await org.field('name').fill('Front Desk');
  await org.field('password').fill(CLERK_PASSWORD);
  await org.field('confirmPassword').fill('Clerk#2025y');
  await org.dialogButton('Save').click();
  await expect(org.dialog()).toContainText('The two passwords do not match, please re-enter.');
  await org.field('confirmPassword').fill(CLERK_PASSWORD);
  await org.select('roleIds').click();
  await org.option('Receptionists').click();
  await org.dialogButton('Save').click();
  await expect(org.row(clerkLogin)).toContainText('Receptionists');
  await signOut(consolePage);

  // The employee, signed in as a sub-account, sees the granted menus only.
  consolePage = await signInAs(page, clerkLogin, CLERK_PASSWORD, { mode: 'sub' });
  await expect(consolePage.header().locator('.console-topnav').getByRole('menuitem')).toHaveText(['Users', 'Platform']);
  // The home tab stays first (SPEC §2) but its page is not granted.
  await expect(consolePage.activePage()).toContainText('You have no permission to browse this page.');
  await consolePage.topMenuItem('Users').click();
  await expect(org.tabs()).toHaveText(['Staff']);
  await expect(org.row(clerkLogin)).toBeVisible();
  await expect(org.button(/Add staff/)).toBeVisible();
  await expect(org.button(/Import/)).toHaveCount(0);
  await expect(org.button('Disable selected')).toHaveCount(0);
  await expect(org.row(clerkLogin).getByRole('button', { name: 'Edit' })).toHaveCount(0);

  await consolePage.topMenuItem('Platform').click();
  // Personal info is granted on its own: nothing of the enterprise's comes with it.
  await expect(page.locator('.console-sider').getByRole('menuitem')).toHaveText(['Personal info']);
  await page.goto('/platform/info');
  await expect(consolePage.activePage()).toContainText('You have no permission to browse this page.');

  await page.goto('/platform/enterprise');
  await expect(consolePage.activePage()).toContainText('You have no permission to browse this page.');
  await expect(consolePage.header().locator('.console-topnav').getByRole('menuitem')).toHaveText(['Users', 'Platform']);
});
