// Page object of /project/device/alarmlist and the header's alarm bell. Locators only (conventions §12).
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

  /** The row whose device (or channel) cell shows `text`. */
  row(text: string | RegExp) {
    return this.rows().filter({ hasText: text });
  }

  /** A row's link to live view of its channel. */
  liveLink(row: ReturnType<AlarmScreen['rows']>) {
    return row.locator('button.alarm-live');
  }

  /** The table's type-and-content cells, for the names they show. */
  whatCells() {
    return this.rows()
      .locator('td')
      .filter({ has: this.page.locator('.ant-tag') });
  }

  batchRead() {
    return this.page.getByRole('button', { name: /Mark selected read|标记选中为已读|標記選中為已讀/ });
  }
}
