// Open live streams by the session that opened them. Their sessions are checked again every couple of
// seconds and whenever sessions change in this process (the session cache's evictions): a stream
// whose session ended, whose user was disabled, or which its user may no longer watch (privilege,
// project, device group) is ended. The cost is per distinct session and stream, never per viewer:
// thousands of viewers of a few sessions cost one session query and a few scope queries a check.
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Principal } from '../http/auth.js';

export interface WatchGuard {
  /** Of these sessions, those that still count, as they are now (two queries for any number). */
  current(sessionIds: readonly number[]): Promise<Map<number, Principal>>;
  /** Of these stream keys, those the principal may watch now. */
  watchable(p: Principal, keys: readonly string[]): Promise<Set<string>>;
}

/** One open viewer: `end` tells it why and closes it. */
export type Watch = { readonly sessionId: number; readonly key: string; readonly round: number; end(): void };

export class Watchers {
  private readonly bySession = new Map<number, Map<string, Set<Watch>>>();
  private count = 0;
  /** Counts checks; a watch added while check n runs has round n and is not judged by it. */
  private round = 0;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly guard: WatchGuard,
    private readonly log: Logger,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Distinct sessions with an open viewer (what one check asks about). */
  get sessions(): number {
    return this.bySession.size;
  }

  add(sessionId: number, key: string, end: () => void): Watch {
    const w: Watch = { sessionId, key, round: this.round, end };
    let byKey = this.bySession.get(sessionId);
    if (!byKey) this.bySession.set(sessionId, (byKey = new Map()));
    let watches = byKey.get(key);
    if (!watches) byKey.set(key, (watches = new Set()));
    watches.add(w);
    this.count++;
    return w;
  }

  remove(w: Watch): void {
    const byKey = this.bySession.get(w.sessionId);
    const watches = byKey?.get(w.key);
    if (!byKey || !watches?.delete(w)) return;
    this.count--;
    if (watches.size === 0) byKey.delete(w.key);
    if (byKey.size === 0) this.bySession.delete(w.sessionId);
  }

  /** Checks every watching session: now, or if a check is running, once more right after it. */
  recheck(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    // A failed check (the database away) ends nobody: the next one comes within RECHECK_MS.
    this.running = this.check()
      .catch((err: unknown) => this.log.warn({ err }, 'live viewers: session check failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.recheck();
        }
      });
  }

  /** Resolves once no check is running or due. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async check(): Promise<void> {
    if (this.bySession.size === 0) return;
    const round = ++this.round;
    const asked = [...this.bySession].map(([sessionId, byKey]) => ({ sessionId, keys: [...byKey.keys()] }));
    const sessions = await this.guard.current(asked.map((a) => a.sessionId));
    // One session at a time: a check must not take every database connection the API needs.
    for (const { sessionId, keys } of asked) {
      const p = sessions.get(sessionId);
      const allowed = p ? await this.guard.watchable(p, keys) : new Set<string>();
      for (const key of keys) if (!allowed.has(key)) this.endAll(sessionId, key, round);
    }
  }

  /** Ends the viewers of a session's stream that were open before check `round` began. */
  private endAll(sessionId: number, key: string, round: number): void {
    for (const w of this.bySession.get(sessionId)?.get(key) ?? []) {
      if (w.round >= round) continue;
      this.remove(w);
      w.end();
    }
  }
}
