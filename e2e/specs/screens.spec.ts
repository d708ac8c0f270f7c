// Screenshots of the sign-in page and the empty console in all three languages, for a person to look at.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '../fixtures/console-test';
import { signInAs } from '../fixtures/session';
import { SignInPage } from '../pages/sign-in.page';

const DIR = join(process.cwd(), 'test-results', 'screens');
const TITLES = { 'en-US': 'Sign in to your console', 'zh-CN': '登录控制台', 'zh-TW': '登入控制台' } as const;

for (const lang of ['en-US', 'zh-CN', 'zh-TW'] as const) {
  test(`sign-in page and empty console in ${lang}`, async ({ page, admin, baseURL }) => {
    mkdirSync(DIR, { recursive: true });
    await page.context().addCookies([{ name: 'local', value: lang, url: baseURL! }]);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await expect(signIn.heading()).toHaveText(TITLES[lang]);
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(DIR, `sign-in-${lang}.png`) });

    const consolePage = await signInAs(page, admin.login, admin.password);
    await expect(consolePage.projectPanel()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(DIR, `console-${lang}.png`) });
  });
}
