// Page object of /project/device/alarmlist and the header's alarm bell. Locators only (CONVENTIONS 12).
import type { Page } from '@playwright/test';

export class AlarmScreen {
  constructor(readonly page: Page) {}

  /** The header bell; its accessible name carries the unread count. */
  bell() {
    return this.page.locator('header button[aria-label*="Alarm messages"], header button[aria-label*="告警"]').first();
  }

  rows() {
    return this.page.locator('.ant-table-row:visible');
  }

  pictures() {
    return this.rows().locator('img');
  }

  rowCheckbox(index: number) {
    return this.rows().nth(index).locator('.ant-checkbox-input');
  }

  batchRead() {
    return this.page.getByRole('button', { name: /Mark selected read|标记选中为已读|標記選中為已讀/ });
  }
}
