// Live sessions kept in memory for a few seconds, so authenticating a call rarely costs a query.
// Whatever ends a session in this process (sign-out, password change, reset, disabling) evicts it at
// once; other processes of a deployment see the change within TTL_MS (Redis pub/sub can shorten
// that when REDIS_URL arrives, architecture §4 "Past one machine"). Listeners hear of every eviction, so
// what outlives a request (open live streams) can check its sessions again at once.
import type { Clock } from '../../clock.js';
import type { SessionSnapshot } from './repo.js';

export const TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

type Entry = { snapshot: SessionSnapshot; until: number };

export type SessionCache = ReturnType<typeof createSessionCache>;

export function createSessionCache(clock: Clock) {
  // Map keeps insertion order: the first key is the oldest, evicted first when full.
  const byToken = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  const evicted = () => {
    for (const listener of listeners) listener();
  };

  return {
    get(tokenHash: string): SessionSnapshot | null {
      const entry = byToken.get(tokenHash);
      if (!entry) return null;
      if (entry.until <= clock.now().getTime()) {
        byToken.delete(tokenHash);
        return null;
      }
      return entry.snapshot;
    },

    set(tokenHash: string, snapshot: SessionSnapshot, sessionExpiresAt: Date): void {
      if (byToken.size >= MAX_ENTRIES) byToken.delete(byToken.keys().next().value!);
      const until = Math.min(clock.now().getTime() + TTL_MS, sessionExpiresAt.getTime());
      byToken.set(tokenHash, { snapshot, until });
    },

    evictToken(tokenHash: string): void {
      byToken.delete(tokenHash);
      evicted();
    },

    /** Evicts every cached session of the users matching; a scan, but only on rare changes. */
    evictWhere(match: (s: SessionSnapshot) => boolean): void {
      for (const [key, entry] of byToken) if (match(entry.snapshot)) byToken.delete(key);
      evicted();
    },

    evictUser(userId: number): void {
      this.evictWhere((s) => s.userId === userId);
    },

    evictEnterprise(enterpriseId: number): void {
      this.evictWhere((s) => s.enterpriseId === enterpriseId);
    },

    /**
     * Calls `listener` after every eviction (sessions ended or changed, whether cached or not); it
     * runs inside the evicting call, so it should only schedule work. Answers the unsubscribe.
     */
    onEvict(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
