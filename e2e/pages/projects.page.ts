// Page objects of the project-tree panel and /project/device. Locators only; actions only fill and click.
import type { Page } from '@playwright/test';
import { ConsoleScreen } from './organisation.page';

export class ProjectTree {
  constructor(readonly page: Page) {}

  root() {
    return this.page.locator('.project-tree');
  }

  addButton() {
    return this.root()
      .locator('.project-tree-head')
      .getByRole('button', { name: /Add project|新增项目|新增項目/ });
  }

  /** The tree row whose own title is exactly `title` (a project, area or device). */
  row(title: string) {
    return this.root()
      .locator('.ant-tree-treenode')
      .filter({ has: this.page.locator('.project-tree-label', { hasText: new RegExp(`^${title}$`) }) });
  }

  title(title: string) {
    return this.row(title).locator('.project-tree-label');
  }

  expander(title: string) {
    return this.row(title).locator('.ant-tree-switcher');
  }

  actions(title: string) {
    return this.row(title).locator('.project-tree-actions');
  }

  logo(title: string) {
    return this.row(title).locator('img.project-tree-logo');
  }

  menuItem(name: string | RegExp) {
    return this.page.locator('.ant-dropdown:visible').getByRole('menuitem', { name });
  }

  /** Rows still in their expand animation: rc-tree ignores clicks on them. */
  animating() {
    return this.root().locator('.ant-tree-treenode-motion');
  }

  moreLink() {
    return this.root().locator('.project-tree-more');
  }

  /** Device rows whose title matches `title` (the tree is virtual: only rows near the viewport are in the DOM). */
  deviceRows(title: RegExp) {
    return this.root()
      .locator('.ant-tree-treenode')
      .filter({ has: this.page.locator('.project-tree-device .project-tree-label', { hasText: title }) });
  }
}

export class ProjectDialog extends ConsoleScreen {
  constructor(page: Page) {
    super(page, '/project/device');
  }

  logoInput() {
    return this.dialog().locator('input[type="file"]');
  }

  logoPreview() {
    return this.dialog().locator('.project-form-logo img');
  }

  /** The field messages the open dialog shows, not one still fading out as another takes its place. */
  fieldErrors() {
    return this.dialog().locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave)');
  }

  /** An option of the open antd TreeSelect, by its title. */
  treeOption(title: string) {
    return this.page.locator('.ant-select-dropdown:visible .ant-select-tree-title', {
      hasText: new RegExp(`^${title}$`),
    });
  }
}

export class DeviceListScreen extends ConsoleScreen {
  constructor(page: Page) {
    super(page, '/project/device');
  }

  search() {
    return this.root().getByPlaceholder(/Name or serial number|名称或序列号|名稱或序列號/);
  }

  rows() {
    return this.root().locator('.ant-table-row');
  }

  /** The project filter (a TreeSelect); shows the chosen node's title. */
  projectFilter() {
    return this.root().locator('.device-filter-project');
  }

  /** The pager's "Total: n". */
  total() {
    return this.root().locator('.ant-pagination-total-text');
  }

  rowCheckbox(text: string) {
    return this.row(text).locator('.ant-checkbox-input');
  }

  treeOption(title: string) {
    return this.page.locator('.ant-select-dropdown:visible .ant-select-tree-title', {
      hasText: new RegExp(`^${title}$`),
    });
  }
}
