// Sign-in, guard, logout, 1001 and the password-update flag of SPEC §2/§4/§8, against the real server.
// page.evaluate callbacks run in the browser: they need the DOM types.
/// <reference lib="dom" />
import { test, expect } from '../fixtures/console-test';
import { screenshot, signInAs } from '../fixtures/session';
import { ConsolePage } from '../pages/console.page';
import { SignInPage } from '../pages/sign-in.page';

test.describe('sign-in and session', () => {
  test('signs in to the project overview with the token in a 3-day HttpOnly cookie and the privileges stored', async ({
    page,
    admin,
  }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await expect(signIn.heading()).toHaveText('Sign in to your console');
    await expect(signIn.mode('main')).toBeChecked();
    const loginCall = page.waitForRequest('**/api/session/login/rsa');
    await signIn.signIn(admin.login, admin.password);
    const body = (await loginCall).postDataJSON() as { password: string; loginMode: string };
    // The password never travels in clear: base64 of a 2048-bit RSA-OAEP block.
    expect(body.password).not.toContain(admin.password);
    expect(Buffer.from(body.password, 'base64')).toHaveLength(256);
    expect(body.loginMode).toBe('main');

    const consolePage = new ConsolePage(page);
    await expect(page).toHaveURL(/\/project\/index$/);
    await expect(consolePage.tab('Project overview')).toHaveAttribute('aria-selected', 'true');
    await expect(consolePage.projectPanel()).toContainText('No projects yet');
    // The server sets the cookie HttpOnly: Playwright sees it, script on the page never does.
    const token = (await page.context().cookies()).find((c) => c.name === 'token');
    expect(token?.value).toBeTruthy();
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain(token!.value);
    const days = (token!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    expect(await page.evaluate(() => localStorage.getItem('signedIn'))).toBe('1');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('privilegeList') ?? 'null'))).not.toBeNull();
  });

  test('signs in where the browser offers no WebCrypto (plain http on a LAN address), by the script fallback', async ({
    page,
    admin,
  }) => {
    // 127.0.0.1 is a secure context; a LAN address over http is not, and there `crypto.subtle` is missing.
    await page.addInitScript(() => {
      Object.defineProperty(Crypto.prototype, 'subtle', { configurable: true, get: () => undefined });
    });
    const fallback = page.waitForResponse((r) => r.url().includes('/assets/rsa-oaep-fallback'));
    const signIn = new SignInPage(page);
    await signIn.goto();
    expect(await page.evaluate(() => typeof crypto.subtle)).toBe('undefined');
    const loginCall = page.waitForRequest('**/api/session/login/rsa');
    await signIn.signIn(admin.login, admin.password);
    expect((await fallback).ok()).toBe(true);
    const body = (await loginCall).postDataJSON() as { password: string };
    expect(body.password).not.toContain(admin.password);
    expect(Buffer.from(body.password, 'base64')).toHaveLength(256);
    // The server decrypted it: the session is open.
    await expect(page).toHaveURL(/\/project\/index$/);
  });

  test('a wrong password shows the server message and stays on sign-in', async ({ page, admin, consoleWatch }) => {
    consoleWatch.allow(/status of 401/);
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(admin.login, 'Wrong#Pass2025');
    // A main-mode refusal also reminds staff of their tab (the same words whether the name exists or not).
    await expect(signIn.alert()).toHaveText(
      'Wrong user name or password. Staff members sign in on the Sub-account tab. Switch to Sub-account',
    );
    await expect(page).toHaveURL(/\/home$/);
    await expect(signIn.password()).toHaveValue('');
    await expect(signIn.password()).toBeFocused();
    await screenshot(page, 'sign-in-staff-hint-en-US.png');
    await signIn.alert().getByRole('button', { name: 'Switch to Sub-account' }).click();
    await expect(signIn.mode('sub')).toBeChecked();
    await expect(signIn.alert()).toHaveText('Wrong user name or password.');
  });

  test('checks the login-name rule before calling the server', async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    let called = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/session/login/rsa')) called = true;
    });
    await signIn.signIn('1ab', 'whatever');
    await expect(page.getByText('Login name: at least 4 characters')).toBeVisible();
    await expect(signIn.loginName()).toHaveAttribute('aria-invalid', 'true');
    expect(called).toBe(false);
  });

  test('the guard sends a visitor without a token to sign-in and back to the page after it', async ({
    page,
    admin,
  }) => {
    await page.goto('/platform/basic');
    await expect(page).toHaveURL(/\/home\?redirect=%2Fplatform%2Fbasic$/);
    await new SignInPage(page).signIn(admin.login, admin.password);
    await expect(page).toHaveURL(/\/platform\/basic$/);
    const consolePage = new ConsolePage(page);
    await expect(consolePage.tab('Personal info')).toHaveAttribute('aria-selected', 'true');
    // Home stays the first tab even when another page was opened first.
    await expect(consolePage.tabs().first()).toHaveText('Project overview');
  });

  test('/ leads to the project overview', async ({ page, admin }) => {
    await signInAs(page, admin.login, admin.password);
    await page.goto('/');
    await expect(page).toHaveURL(/\/project\/index$/);
  });

  test('logout clears the token and storage and reloads at home', async ({ page, admin }) => {
    const consolePage = await signInAs(page, admin.login, admin.password);
    await consolePage.accountButton().click();
    const reload = page.waitForEvent('load');
    await consolePage.accountItem('Sign out').click();
    await reload;
    await expect(page).toHaveURL(/\/home$/);
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await page.goto('/project/index');
    await expect(page).toHaveURL(/\/home\?redirect=/);
  });

  test('a session ended elsewhere (1001) shows the message, signs the browser out and goes home', async ({
    page,
    request,
    admin,
    consoleWatch,
  }) => {
    consoleWatch.allow(/status of 401/);
    await signInAs(page, admin.login, admin.password);
    const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    // Ended from another client (its own cookie jar): the browser still holds the now dead cookie.
    await request.get(`/api/session/logOut?token=${encodeURIComponent(token)}`);
    await page.reload();
    await expect(page).toHaveURL(/\/home/);
    await expect(page.getByRole('status')).toContainText('session has expired');
    expect(await page.evaluate(() => localStorage.getItem('signedIn'))).toBeNull();
  });

  test('a password-update flag found at start-up logs out and reloads', async ({ page, admin }) => {
    await signInAs(page, admin.login, admin.password);
    await page.evaluate(() => localStorage.setItem('passwordUpdated', '1'));
    // The cookie names the session: the page sends no token of its own.
    const logout = page.waitForRequest('**/api/session/logOut');
    await page.reload();
    expect((await logout).url()).not.toContain('token=');
    await expect(page).toHaveURL(/\/home/);
    expect(await page.evaluate(() => localStorage.getItem('passwordUpdated'))).toBeNull();
    expect((await page.context().cookies()).find((c) => c.name === 'token')).toBeUndefined();
  });
});

test.describe('error pages', () => {
  test('an unknown path shows the 404 page, and /401 and /500 have their own', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.goto('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.goto('/401');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Please sign in');
    await page.goto('/500');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Server error');
  });
});
