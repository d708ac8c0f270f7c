// The account menu: who is signed in, and the password change every account has, the enterprise main
// account included (SPEC §2 gives it no personal info page). The product name follows a language switch at once.
import { test, expect } from '../fixtures/console-test';
import { ApiSession, uniqueName } from '../fixtures/api';
import { screenshot, signInAs } from '../fixtures/session';
import { SignInPage } from '../pages/sign-in.page';

const FIRST_PASSWORD = 'Acct#Main2025';
const NEW_PASSWORD = 'Acct#Changed2026';

test('an enterprise main account sees who it is and changes its own password from the account menu', async ({
  page,
  admin,
  consoleWatch,
}) => {
  test.setTimeout(120_000);
  // The old password's refusal, on purpose.
  consoleWatch.allow(/status of 401/);
  const platform = await ApiSession.signIn(page.request, admin.login, admin.password);
  const mainLogin = uniqueName('acctmain');
  await platform.post('/api/enterprise/add', {
    name: 'Lakeside Clinics',
    loginName: mainLogin,
    password: await platform.encrypt(FIRST_PASSWORD),
  });

  const consolePage = await signInAs(page, mainLogin, FIRST_PASSWORD);
  await consolePage.accountButton().click();
  const who = page.locator('.ant-dropdown:visible .console-account-who');
  await expect(who).toContainText(mainLogin);
  await expect(who).toContainText('Lakeside Clinics · Enterprise main account');
  // SPEC §2: no personal info page for this account, but the password change is there.
  await expect(consolePage.accountItem('Personal info')).toHaveCount(0);
  await screenshot(page, 'account-menu-main-en-US.png');
  await consolePage.accountItem('Change password').click();

  const dialog = page.locator('.ant-modal').filter({ hasText: 'Change password' });
  await expect(dialog).toBeVisible();
  await dialog.locator('#oldPassword').fill(FIRST_PASSWORD);
  await dialog.locator('#newPassword').fill(NEW_PASSWORD);
  await dialog.locator('#confirmPassword').fill(NEW_PASSWORD);
  await screenshot(page, 'account-password-en-US.png');
  await dialog.locator('button[type="submit"]').click();
  const done = page.locator('.ant-modal-confirm');
  await expect(done).toBeVisible();
  await done.locator('.ant-modal-confirm-btns button').click();
  await expect(page).toHaveURL(/\/home$/);

  // The old password no longer signs in; the new one does.
  const signIn = new SignInPage(page);
  await signIn.signIn(mainLogin, FIRST_PASSWORD);
  await expect(signIn.alert()).toBeVisible();
  await signInAs(page, mainLogin, NEW_PASSWORD);
});

test('switching language renames the product and the platform enterprise at once, without a reload', async ({
  page,
  admin,
}) => {
  const consolePage = await signInAs(page, admin.login, admin.password);
  await expect(consolePage.logo()).toContainText('Cloud Surveillance Console');
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  for (const [lang, autonym, product, platformName] of [
    ['zh-CN', '简体中文', '云视频监控平台', '平台运营方'],
    ['zh-TW', '繁體中文', '雲端影像監控平台', '平臺營運方'],
    ['en-US', 'English', 'Cloud Surveillance Console', 'Platform operator'],
  ] as const) {
    await consolePage.languageButton().click();
    await consolePage.languageOption(autonym).click();
    await expect(consolePage.logo()).toContainText(product);
    await expect(page).toHaveTitle(new RegExp(product));
    await consolePage.accountButton().click();
    await expect(page.locator('.ant-dropdown:visible .console-account-who')).toContainText(platformName);
    await screenshot(page, `account-menu-platform-${lang}.png`);
    await page.keyboard.press('Escape');
  }
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});
