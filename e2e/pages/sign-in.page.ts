// Page object of /home (sign-in): locators, and the one action of signing in. Never asserts (conventions §12).
import type { Page } from '@playwright/test';

export class SignInPage {
  constructor(readonly page: Page) {}

  goto(query = '') {
    return this.page.goto(`/home${query}`);
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  loginName() {
    return this.page.locator('input[name="loginName"]');
  }

  password() {
    return this.page.locator('input[name="password"]');
  }

  captcha() {
    return this.page.locator('input[name="verificationCode"]');
  }

  mode(which: 'main' | 'sub') {
    return this.page.locator(`input[name="loginMode"][value="${which}"]`);
  }

  submit() {
    return this.page.locator('form button[type="submit"]');
  }

  alert() {
    return this.page.getByRole('alert');
  }

  forgotPassword() {
    return this.page.locator('a[href="/findback/account"]').last();
  }

  language() {
    return this.page.locator('.pub-lang select');
  }

  async signIn(loginName: string, password: string) {
    await this.loginName().fill(loginName);
    await this.password().fill(password);
    await this.submit().click();
  }
}
