// Page objects of /user/role-employee, /platform/info and /platform/enterprise. Locators only; actions only fill and click.
import type { Page } from '@playwright/test';

/** What the three pages share: their root inside the console, dialogs, antd selects and toasts. */
export class ConsoleScreen {
  constructor(
    readonly page: Page,
    private readonly path: string,
  ) {}

  root() {
    return this.page.locator(`.console-page[data-tab="${this.path}"]`);
  }

  button(name: string | RegExp) {
    return this.root().getByRole('button', { name });
  }

  /** The open modal or drawer (antd confirm dialogs included). */
  dialog() {
    return this.page.getByRole('dialog').filter({ visible: true });
  }

  /**
   * The open dialog once its opening animation has ended: on a busy machine a click that lands during
   * antd's zoom-in is lost (the button does nothing). Endless animations (spinners) are not waited for.
   */
  async openedDialog() {
    const dialog = this.dialog();
    await dialog.evaluate((el) => {
      const root = el.closest('.ant-modal-wrap, .ant-drawer') ?? el;
      const opening = root
        .getAnimations({ subtree: true })
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      return Promise.all(opening.map((a) => a.finished.catch(() => undefined)));
    });
    return dialog;
  }

  field(id: string) {
    return this.dialog().locator(`#${id}`);
  }

  dialogButton(name: string | RegExp) {
    return this.dialog().getByRole('button', { name });
  }

  /** The antd select of form field `id` (inside the dialog unless told); click it, then `option`. */
  select(id: string, scope = this.dialog()) {
    return scope.locator('.ant-form-item', { has: this.page.locator(`#${id}`) }).locator('.ant-select');
  }

  option(title: string) {
    return this.page.locator('.ant-select-dropdown:visible').getByTitle(title, { exact: true });
  }

  row(text: string) {
    return this.root().locator('.ant-table-row', { hasText: text });
  }

  /** A toast with this text (others may still be fading out). */
  message(text: string | RegExp) {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}

export class RoleEmployeePage extends ConsoleScreen {
  constructor(page: Page) {
    super(page, '/user/role-employee');
  }

  tabs() {
    return this.root().locator('.ant-tabs-nav [role="tab"]');
  }

  tab(name: string | RegExp) {
    return this.root().getByRole('tab', { name });
  }

  /** The check box of one privilege in the role editor's tree, by its exact title. */
  privilege(title: string) {
    return this.dialog()
      .locator('.ant-tree-treenode')
      .filter({ has: this.page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
      .locator('.ant-tree-checkbox');
  }

  /** A section tab of the open role editor or group editor (functions, projects, video; devices, staff). */
  section(name: string | RegExp) {
    return this.dialog().getByRole('tab', { name });
  }

  /** The check box of a project in the role editor's project tree, by its exact title. */
  projectNode(title: string) {
    return this.dialog()
      .locator('.role-project-tree .ant-tree-treenode')
      .filter({ has: this.page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
      .locator('.ant-tree-checkbox');
  }

  /** A chosen project in the role editor, with its privilege choice. */
  projectGrant(name: string | RegExp) {
    return this.dialog().locator('.role-project-grant', { hasText: name });
  }

  /** A video privilege's check box in the role editor, by its label. */
  videoPrivilege(name: string | RegExp) {
    return this.dialog().locator('.role-video').getByRole('checkbox', { name });
  }

  /** The device group editor (a drawer; the picker opens over it). */
  groupEditor() {
    return this.page.locator('.group-editor');
  }

  /** The group editor's picker of devices and channels. */
  devicePicker() {
    return this.page.locator('.ant-modal').filter({ has: this.page.locator('.group-picker-summary') });
  }
}

export class EnterpriseInfoScreen extends ConsoleScreen {
  constructor(page: Page) {
    super(page, '/platform/info');
  }

  input(label: string) {
    return this.root().getByLabel(label, { exact: true });
  }

  logoInput() {
    return this.root().locator('input[type="file"]');
  }

  logo() {
    return this.root().locator('.info-logo-preview img');
  }
}

export class EnterprisesScreen extends ConsoleScreen {
  constructor(page: Page) {
    super(page, '/platform/enterprise');
  }
}
