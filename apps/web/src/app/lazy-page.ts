// Lazy pages with the chunk timeout of SPEC §9 (120 s); a chunk load shows in the loading bar like a call.
// A failed load is tried once more; when that fails too, the chunk is most likely gone because a newer build of the
// console replaced the one this page came from, and the error boundary asks for a reload (NewVersionPrompt).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { inflight } from '@/lib/api/inflight';
import type { PageLoader } from './routes';

/** SPEC §9: script chunk load timeout; it covers both attempts. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** Pause before the one retry: enough for a dropped connection to come back, too short to be noticed. */
export const CHUNK_RETRY_DELAY_MS = 1_000;

/** A script chunk did not load, twice: the page needs the console reloaded (usually onto a newer build). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(`a script chunk failed to load: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * `loader` with one retry inside the SPEC §9 timeout; a failure of both attempts (or of the time) is a ChunkLoadError.
 * The retry is the only one: whatever calls this again must be a person (a reload), never a render.
 */
export function withChunkRetry<T>(
  loader: () => Promise<T>,
  ms = CHUNK_TIMEOUT_MS,
  retryDelayMs = CHUNK_RETRY_DELAY_MS,
): () => Promise<T> {
  return async () => {
    const deadline = Date.now() + ms;
    inflight.start();
    try {
      try {
        return await within(loader(), ms);
      } catch (first) {
        const left = deadline - Date.now() - retryDelayMs;
        if (left <= 0) throw new ChunkLoadError(first);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
        try {
          return await within(loader(), left);
        } catch (second) {
          throw new ChunkLoadError(second);
        }
      }
    } finally {
      inflight.stop();
    }
  };
}

const cache = new Map<PageLoader, LazyExoticComponent<ComponentType>>();

/**
 * One lazy component per loader, so re-renders never restart a load — a failed one included: React hands its
 * rejection to the nearest error boundary once, instead of every render starting a fresh load (a request storm).
 */
export function lazyPage(loader: PageLoader): LazyExoticComponent<ComponentType> {
  let page = cache.get(loader);
  if (!page) {
    page = lazy(withChunkRetry(loader));
    cache.set(loader, page);
  }
  return page;
}
