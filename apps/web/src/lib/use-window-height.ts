// Window height, live: the content area is window height minus 103 (SPEC §2, §9: header 64 + tab bar 39).
import { useSyncExternalStore } from 'react';

export const CONTENT_OFFSET = 103;

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useWindowHeight(): number {
  return useSyncExternalStore(subscribe, () => window.innerHeight);
}

export function useContentHeight(): number {
  return Math.max(0, useWindowHeight() - CONTENT_OFFSET);
}
