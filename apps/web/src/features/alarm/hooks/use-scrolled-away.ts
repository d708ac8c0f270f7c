// Whether the page holding an element is scrolled away from its top: the nearest scrolling ancestor (the console's
// page area) is found once mounted and followed by its scroll events.
import { useCallback, useEffect, useRef, useState } from 'react';

/** Past this many pixels down the page counts as scrolled (a stray sub-pixel offset does not). */
export const SCROLLED_PX = 4;

function scrollParent(el: HTMLElement | null): HTMLElement | null {
  for (let p = el?.parentElement ?? null; p; p = p.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(p).overflowY)) return p;
  }
  return null;
}

export function useScrolledAway<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const el = scrollParent(ref.current);
    scroller.current = el;
    if (!el) return;
    const onScroll = () => setScrolled(el.scrollTop > SCROLLED_PX);
    onScroll();
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  /** Back to the top at once; the state follows without waiting for the scroll event. */
  const toTop = useCallback(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setScrolled(false);
  }, []);

  return { ref, scrolled, toTop };
}
