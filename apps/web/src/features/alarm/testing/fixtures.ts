// Test data of the alarm screens: alarms, pages and a manual clock for the poll, as the server and browser would give them.
import type { Alarm } from '@svc/contracts';
import type { AlarmPage } from '../api/types';
import type { PollClock } from '../hooks/use-alarm-poll';

export function alarm(over: Partial<Alarm> = {}): Alarm {
  return {
    id: 1,
    deviceId: 7,
    deviceName: 'Gate cam',
    sn: 'ABCDE12345678',
    projectId: 3,
    projectName: 'Harbour',
    channel: 1,
    channelTitle: 'Front door',
    type: 'A',
    alarmTime: '2026-03-01 08:15:00',
    status: 0,
    handling: 'untreated',
    note: null,
    content: 'Motion in zone 1',
    priority: null,
    picture: null,
    source: 'device',
    ...over,
  };
}

export function page(list: Alarm[], over: Partial<AlarmPage> = {}): AlarmPage {
  return { list, total: list.length, totalCapped: false, nextCursor: null, ...over };
}

/** A clock whose minutes pass when the test says so. */
export function manualClock(start: number) {
  let now = start;
  const timers: { ms: number; tick: () => void }[] = [];
  const clock: PollClock = {
    now: () => now,
    every: (ms, tick) => {
      const timer = { ms, tick };
      timers.push(timer);
      return () => timers.splice(timers.indexOf(timer), 1);
    },
  };
  return {
    clock,
    timers,
    /** Moves time on by `ms` and fires every timer whose period that is. */
    advance(ms: number) {
      now += ms;
      for (const timer of [...timers]) if (timer.ms === ms) timer.tick();
    },
  };
}
