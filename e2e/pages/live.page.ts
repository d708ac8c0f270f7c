// Page object of /project/live: the toolbar and the tiles. Locators only (conventions §12).
import type { Page } from '@playwright/test';

export class LiveScreen {
  constructor(readonly page: Page) {}

  toolbar() {
    return this.page.locator('.live-toolbar:visible');
  }

  tiles() {
    return this.page.locator('.live-tile:visible');
  }

  tile(index: number) {
    return this.tiles().nth(index);
  }

  video(index: number) {
    return this.tile(index).locator('video');
  }

  title(index: number) {
    return this.tile(index).locator('.live-tile-title');
  }
}
