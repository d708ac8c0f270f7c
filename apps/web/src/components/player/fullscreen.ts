// Fullscreen of one element (a tile, the live grid): enter it, or leave it when that element already fills the screen.

export function toggleFullscreen(element: Element | null): void {
  if (!element) return;
  if (document.fullscreenElement === element) {
    void document.exitFullscreen().catch(() => undefined);
    return;
  }
  // Refused without a user gesture or by a policy: the page simply stays as it is.
  void element.requestFullscreen?.().catch(() => undefined);
}
