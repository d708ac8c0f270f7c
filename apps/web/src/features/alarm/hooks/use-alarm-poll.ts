// SPEC §4 alarm polling: every minute, the last minute's alarms; each alarm id is reported once however often it recurs.
import { useEffect, useRef } from 'react';
import type { Alarm } from '@svc/contracts';
import { fetchLatestVoiceAlarms } from '../api/latest-alarms';
import type { LatestAlarms, VoiceAlarms } from '../api/types';
import { POLL_INTERVAL_MS, pollWindow } from './poll-window';

/** Time and timers, injectable so tests step through minutes without waiting. */
export interface PollClock {
  now(): number;
  /** Calls `tick` every `ms`; returns the cancel. */
  every(ms: number, tick: () => void): () => void;
}

export const realClock: PollClock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const id = window.setInterval(tick, ms);
    return () => window.clearInterval(id);
  },
};

/** Windows overlap at their boundary second, so the same id comes back; this many are remembered. */
const SEEN_LIMIT = 2000;

export interface AlarmPollOptions {
  enabled: boolean;
  /** Alarms not reported before, oldest call first. */
  onNew: (alarms: Alarm[], answer: VoiceAlarms) => void;
  /** After every poll, answered or failed (the header count refreshes). */
  onPolled?: () => void;
  fetchLatest?: (body: LatestAlarms) => Promise<VoiceAlarms>;
  clock?: PollClock;
  intervalMs?: number;
}

export function useAlarmPoll({
  enabled,
  onNew,
  onPolled,
  fetchLatest = fetchLatestVoiceAlarms,
  clock = realClock,
  intervalMs = POLL_INTERVAL_MS,
}: AlarmPollOptions): void {
  // Kept across pauses (leaving project pages) so coming back never repeats an alarm already shown.
  const seen = useRef(new Set<number>());
  const handlers = useRef({ onNew, onPolled, fetchLatest });
  useEffect(() => {
    handlers.current = { onNew, onPolled, fetchLatest };
  });

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const tick = () => {
      const { fetchLatest: ask } = handlers.current;
      ask(pollWindow(clock.now())).then(
        (answer) => {
          if (!live) return;
          const fresh = answer.alarmViewVOS.filter((a) => !seen.current.has(a.id));
          for (const alarm of fresh) remember(seen.current, alarm.id);
          handlers.current.onPolled?.();
          if (fresh.length > 0) handlers.current.onNew(fresh, answer);
        },
        () => {
          if (live) handlers.current.onPolled?.();
        },
      );
    };
    const cancel = clock.every(intervalMs, tick);
    return () => {
      live = false;
      cancel();
    };
  }, [enabled, clock, intervalMs]);
}

function remember(seen: Set<number>, id: number): void {
  seen.add(id);
  if (seen.size > SEEN_LIMIT) {
    const oldest = seen.values().next();
    if (!oldest.done) seen.delete(oldest.value);
  }
}
