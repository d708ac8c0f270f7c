// Page object of the signed-in console frame: header, menus, tabs, content. Returns locators only.
import type { Page } from '@playwright/test';

export class ConsolePage {
  constructor(readonly page: Page) {}

  header() {
    return this.page.locator('header.console-header');
  }

  logo() {
    return this.page.locator('a.console-logo');
  }

  topMenuItem(name: string | RegExp) {
    return this.header().getByRole('menuitem', { name });
  }

  sideMenuItem(name: string | RegExp) {
    return this.page.locator('.console-sider').getByRole('menuitem', { name });
  }

  languageButton() {
    return this.header().locator('button:has(.anticon-global)');
  }

  languageOption(autonym: string) {
    return this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: autonym });
  }

  accountButton() {
    return this.header().locator('button.console-account');
  }

  accountItem(name: string | RegExp) {
    return this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name });
  }

  downloadButton() {
    return this.header().locator('button:has(.anticon-cloud-download)');
  }

  tabs() {
    return this.page.locator('.console-tabs [role="tab"]');
  }

  tab(name: string | RegExp) {
    return this.page.locator('.console-tabs').getByRole('tab', { name });
  }

  closeTab(name: string | RegExp) {
    return this.page.locator('.console-tabs .ant-tabs-tab').filter({ hasText: name }).locator('.ant-tabs-tab-remove');
  }

  activePage() {
    return this.page.locator('.console-page:visible');
  }

  projectPanel() {
    return this.page.locator('.project-tree');
  }

  message() {
    return this.page.locator('.ant-message-notice');
  }
}
