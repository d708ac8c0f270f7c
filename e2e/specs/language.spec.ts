// Languages of SPEC §1: the choice changes the texts, <html lang> and the `language` header of calls
// (antd's and dayjs's locales following it are covered by apps/web/src/app/layout/AntdProvider.test.tsx).
import { test, expect } from '../fixtures/console-test';
import { signInAs } from '../fixtures/session';
import { SignInPage } from '../pages/sign-in.page';

test.describe('language', () => {
  test('the sign-in choice changes the texts and is sent as the language header', async ({ page, admin }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await signIn.language().selectOption('zh-TW');
    await expect(signIn.heading()).toHaveText('登入控制台');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    expect((await page.context().cookies()).find((c) => c.name === 'local')?.value).toBe('zh-TW');

    const loginCall = page.waitForRequest('**/api/session/login/rsa');
    await signIn.signIn(admin.login, admin.password);
    expect((await loginCall).headers()['language']).toBe('zh-TW');
    await expect(page.locator('.console-tabs').getByRole('tab', { name: '專案概覽' })).toBeVisible();
  });

  test('the header choice switches the console, antd included, and the next calls', async ({ page, admin }) => {
    const consolePage = await signInAs(page, admin.login, admin.password);
    await expect(consolePage.topMenuItem('Projects')).toBeVisible();
    await consolePage.languageButton().click();
    await consolePage.languageOption('简体中文').click();
    await expect(consolePage.topMenuItem('项目')).toBeVisible();
    await expect(consolePage.tab('项目概览')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(consolePage.projectPanel()).toContainText('暂无项目');

    // Open a page that calls the server: its call carries the new language.
    const call = page.waitForRequest((r) => r.url().includes('/api/') && r.method() !== 'OPTIONS');
    await page.reload();
    expect((await call).headers()['language']).toBe('zh-CN');
    await expect(consolePage.topMenuItem('项目')).toBeVisible();
  });
});

test.describe('language default', () => {
  test.use({ locale: 'zh-TW' });

  test('follows the browser when nothing is stored', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await expect(signIn.heading()).toHaveText('登入控制台');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });

  test('a stored choice wins over the browser', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'local', value: 'en-US', url: baseURL! }]);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await expect(signIn.heading()).toHaveText('Sign in to your console');
  });
});
