// Thin progress bar under the header while calls or page chunks are in flight (the SPEC's spinner).
import { useSyncExternalStore } from 'react';
import { inflight } from '@/lib/api/inflight';

export function LoadingBar() {
  const busy = useSyncExternalStore(inflight.subscribe, () => inflight.get() > 0);
  return <div className={`console-loading ${busy ? 'busy' : ''}`} role="presentation" />;
}
