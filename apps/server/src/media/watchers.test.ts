// Open viewers are checked again per distinct session and stream, never per viewer: thousands of
// viewers of a few sessions make one session lookup and one channel check per session, and only
// the viewers of a session or stream that failed are ended.
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Principal } from '../http/auth.js';
import { Watchers, type WatchGuard } from './watchers.js';

const principal = (sessionId: number) => ({ sessionId }) as Principal;
const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

/** A guard whose answers the test sets: live sessions, and per session the keys it may watch. */
function fakeGuard() {
  const live = new Set<number>();
  const allowed = new Map<number, Set<string>>();
  const calls = { current: [] as number[][], watchable: [] as [number, string[]][] };
  let gate: Promise<void> = Promise.resolve();
  const guard: WatchGuard = {
    async current(ids) {
      calls.current.push([...ids]);
      await gate;
      return new Map(ids.filter((id) => live.has(id)).map((id) => [id, principal(id)]));
    },
    async watchable(p, keys) {
      calls.watchable.push([p.sessionId, [...keys]]);
      return new Set(keys.filter((k) => allowed.get(p.sessionId)?.has(k)));
    },
  };
  const hold = () => {
    let open!: () => void;
    gate = new Promise((r) => (open = r));
    return () => {
      gate = Promise.resolve();
      open();
    };
  };
  return { guard, live, allowed, calls, hold };
}

describe('Watchers', () => {
  it('checks 3,000 viewers of three sessions with one session lookup and one channel check per session', async () => {
    const g = fakeGuard();
    const w = new Watchers(g.guard, log);
    const ended: number[] = [];
    for (let i = 0; i < 3000; i++) w.add(1 + (i % 3), `1-1-${1 + (i % 2)}-main`, () => ended.push(i));
    g.live.add(1).add(2).add(3);
    for (const id of [1, 2, 3]) g.allowed.set(id, new Set(['1-1-1-main', '1-1-2-main']));
    w.recheck();
    await w.settled();
    expect(g.calls.current).toEqual([[1, 2, 3]]);
    expect(g.calls.watchable).toHaveLength(3);
    expect(g.calls.watchable.map(([, keys]) => keys.sort())).toEqual(
      Array.from({ length: 3 }, () => ['1-1-1-main', '1-1-2-main']),
    );
    expect(ended).toHaveLength(0);
    expect(w.size).toBe(3000);
    expect(w.sessions).toBe(3);
  });

  it('ends the viewers of a session that ended, and of a stream a session may no longer watch, only those', async () => {
    const g = fakeGuard();
    const w = new Watchers(g.guard, log);
    const ended: string[] = [];
    const add = (session: number, key: string, name: string) => w.add(session, key, () => ended.push(name));
    add(1, 'a', 'gone-1');
    add(1, 'b', 'gone-2');
    add(2, 'a', 'kept');
    add(2, 'b', 'denied-1');
    add(2, 'b', 'denied-2');
    g.live.add(2);
    g.allowed.set(2, new Set(['a']));
    w.recheck();
    await w.settled();
    expect(ended.sort()).toEqual(['denied-1', 'denied-2', 'gone-1', 'gone-2']);
    expect(w.size).toBe(1);
    // Ended viewers left the registry: the next check neither asks for them nor ends them again.
    w.recheck();
    await w.settled();
    expect(g.calls.current.at(-1)).toEqual([2]);
    expect(ended).toHaveLength(4);
  });

  it('judges no viewer that opened while a check ran, and runs once more when asked meanwhile', async () => {
    const g = fakeGuard();
    const w = new Watchers(g.guard, log);
    // Each ending is noted with the number of the check that made it.
    const ended: string[] = [];
    w.add(1, 'a', () => ended.push(`before by check ${g.calls.current.length}`));
    const release = g.hold();
    w.recheck();
    // Opened (its session checked at open) while the check that will find session 1 gone runs.
    w.add(1, 'a', () => ended.push(`during by check ${g.calls.current.length}`));
    w.recheck();
    release();
    await w.settled();
    // The follow-up check judged it like any other.
    expect(ended).toEqual(['before by check 1', 'during by check 2']);
    expect(g.calls.current).toEqual([[1], [1]]);
  });

  it('asks nothing when nobody watches, and keeps viewers when a check fails', async () => {
    const g = fakeGuard();
    const w = new Watchers(g.guard, log);
    w.recheck();
    await w.settled();
    expect(g.calls.current).toHaveLength(0);
    const ended: string[] = [];
    const watch = w.add(1, 'a', () => ended.push('x'));
    g.guard.current = () => Promise.reject(new Error('database down'));
    w.recheck();
    await w.settled();
    expect(ended).toHaveLength(0);
    expect(log.warn).toHaveBeenCalled();
    w.remove(watch);
    expect(w.size).toBe(0);
    expect(w.sessions).toBe(0);
  });
});
