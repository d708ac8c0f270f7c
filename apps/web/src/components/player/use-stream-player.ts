// Runs a LiveSession for a tile while it is on screen and its page visible; closes it otherwise and on unmount.
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { LiveSession } from './live-session';
import type { PlayerState, StreamSource } from './player-types';

const IDLE: PlayerState = { status: 'idle' };
const PAUSED: PlayerState = { status: 'paused' };

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** false while the browser tab is in the background. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

/** Whether the element intersects the viewport; true where IntersectionObserver is missing. */
export function useOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

/**
 * The state of the stream in `videoRef`. A tab kept alive but hidden (React <Activity>) unmounts effects,
 * which closes the socket just like scrolling off screen; showing it again reconnects.
 */
export function useStreamPlayer(
  videoRef: RefObject<HTMLVideoElement | null>,
  containerRef: RefObject<Element | null>,
  source: StreamSource | null,
): PlayerState {
  const [state, setState] = useState<PlayerState>(IDLE);
  const onScreen = useOnScreen(containerRef);
  const pageVisible = usePageVisible();
  const active = onScreen && pageVisible;
  // The session restarts on a new key, not on a new object with the same key (parents rebuild sources freely).
  const sourceRef = useRef(source);
  useEffect(() => {
    sourceRef.current = source;
  });
  const key = source?.key ?? null;

  useEffect(() => {
    const video = videoRef.current;
    const current = sourceRef.current;
    if (key === null || !current || !video) {
      setState(IDLE);
      return;
    }
    if (!active) {
      setState(PAUSED);
      return;
    }
    const session = new LiveSession(video, current, setState);
    session.start();
    return () => session.stop();
  }, [key, active, videoRef]);

  return key === null ? IDLE : state;
}
