// Lazy pages with the chunk timeout of SPEC §9 (120 s); a chunk load shows in the loading bar like a call.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { inflight } from './api/inflight';
import type { PageLoader, PageModule } from './routes';

/** SPEC §9: script chunk load timeout. */
export const CHUNK_TIMEOUT_MS = 120_000;

export function withChunkTimeout(loader: PageLoader, ms = CHUNK_TIMEOUT_MS): () => Promise<PageModule> {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    inflight.start();
    try {
      return await Promise.race([
        loader(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      inflight.stop();
    }
  };
}

const cache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per loader, so re-renders never restart a load. A failed load is forgotten:
 * React caches a lazy component's rejection, so a retry needs a fresh one.
 */
export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = cache.get(loader);
  if (!page) {
    const load = withChunkTimeout(loader);
    page = lazy(() =>
      load().catch((error: unknown) => {
        cache.delete(loader);
        throw error;
      }),
    );
    cache.set(loader, page);
  }
  return page;
}
