// Password recovery end to end (SPEC §2 /findback, §7 /api/reset): the code comes from the test SMTP server.
// Then the password goes back through personal info, which also covers "sign in again" after a change (SPEC §4).
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { signInAs } from '../fixtures/session';
import { ConsolePage } from '../pages/console.page';
import { PersonalInfoPage } from '../pages/personal-info.page';
import { RecoveryPage } from '../pages/recovery.page';
import { SignInPage } from '../pages/sign-in.page';

const RECOVERED = 'Recover#2025ab';

test('recovers the password with the mailed code and changes it back from personal info', async ({
  page,
  admin,
  mailbox,
}) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.forgotPassword().click();
  const recovery = new RecoveryPage(page);
  await expect(page).toHaveURL(/\/findback\/account$/);
  await recovery.userName().fill(admin.login);
  await recovery.submit().click();

  await expect(page).toHaveURL(/\/findback\/choice$/);
  await expect(recovery.channel('email')).toBeChecked();
  // No address of the account is shown: the same choices come for any name.
  await expect(page.locator('.pub-choice').first()).toContainText('The email address on the account');
  await expect(page.locator('body')).not.toContainText('@e2e.example.com');
  const seen = mailbox.list().length;
  await recovery.submit().click();

  await expect(page).toHaveURL(/\/findback\/code$/);
  const code = await mailbox.waitForCode(admin.email, seen);
  await recovery.code().fill(code);
  await recovery.submit().click();

  await expect(page).toHaveURL(/\/findback\/reset$/);
  await recovery.newPassword().fill(RECOVERED);
  await recovery.confirmPassword().fill(`${RECOVERED}x`);
  await recovery.submit().click();
  await expect(page.getByText('The two passwords do not match, please re-enter.')).toBeVisible();
  await recovery.confirmPassword().fill(RECOVERED);
  await recovery.submit().click();
  await expect(recovery.heading()).toHaveText('Password reset');
  await recovery.signInLink().click();

  const consolePage = await signInAs(page, admin.login, RECOVERED);
  await consolePage.accountButton().click();
  await consolePage.accountItem('Personal info').click();
  const info = new PersonalInfoPage(page);
  await info.oldPassword().fill(RECOVERED);
  await info.newPassword().fill(admin.password);
  await info.confirmPassword().fill(admin.password);
  await info.submit().click();
  await expect(info.confirmDialog()).toContainText('Please sign in again');
  expect(await page.evaluate(() => localStorage.getItem('passwordUpdated'))).toBe('1');
  await info.confirmOk().click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);

  await signInAs(page, admin.login, admin.password);
  await expect(new ConsolePage(page).header()).toBeVisible();
});
