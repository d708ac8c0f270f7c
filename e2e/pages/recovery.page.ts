// Page object of the /findback steps. Returns locators; actions only fill and click.
import type { Page } from '@playwright/test';

export class RecoveryPage {
  constructor(readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  userName() {
    return this.page.locator('input[name="userName"]');
  }

  channel(type: 'email' | 'mobile') {
    return this.page.locator(`input[name="channel"][value="${type}"]`);
  }

  code() {
    return this.page.locator('input[name="code"]');
  }

  newPassword() {
    return this.page.locator('input[name="newPassword"]');
  }

  confirmPassword() {
    return this.page.locator('input[name="confirmPassword"]');
  }

  submit() {
    return this.page.locator('form button[type="submit"]');
  }

  alert() {
    return this.page.getByRole('alert');
  }

  signInLink() {
    return this.page.locator('a[href="/home"]').last();
  }
}
