// Page object of /platform/basic: account details and the password change form.
import type { Page } from '@playwright/test';

export class PersonalInfoPage {
  constructor(readonly page: Page) {}

  root() {
    return this.page.locator('.console-page[data-tab="/platform/basic"]');
  }

  oldPassword() {
    return this.root().locator('#oldPassword');
  }

  newPassword() {
    return this.root().locator('#newPassword');
  }

  confirmPassword() {
    return this.root().locator('#confirmPassword');
  }

  submit() {
    return this.root().locator('button[type="submit"]');
  }

  confirmDialog() {
    return this.page.locator('.ant-modal-confirm');
  }

  confirmOk() {
    return this.confirmDialog().locator('.ant-modal-confirm-btns button');
  }
}
