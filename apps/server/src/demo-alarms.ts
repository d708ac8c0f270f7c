// The demo's alarms: every few minutes some of the simulated cameras and NVR channels raise alarms of different
// types through the real device path (GB28181 Notify/Alarm; the platform then asks each device for its picture and
// the device uploads it), so a newcomer sees the alarm list, the header's notice and alarm pictures at work.
import { parseArgs } from 'node:util';
import { raiseAlarm, SIM_ALARMS, type SimDevice } from '@svc/device-sim';

/** Minutes between rounds unless DEMO_ALARM_MINUTES or --alarm-minutes says otherwise. */
export const DEFAULT_ALARM_MINUTES = 3;
/** Alarms a round raises: one of each kind the simulator knows, from different devices. */
export const ALARMS_PER_ROUND = SIM_ALARMS.length;
/** The first round comes this soon (or after one interval, if shorter): the fleet has registered by then. */
export const FIRST_ROUND_MS = 20_000;
const MAX_MINUTES = 24 * 60;

/** Timers, injectable so that tests run rounds without waiting minutes. */
export interface DemoTimer {
  after(ms: number, fn: () => void): () => void;
  every(ms: number, fn: () => void): () => void;
}

export const realTimer: DemoTimer = {
  after(ms, fn) {
    const id = setTimeout(fn, ms);
    id.unref();
    return () => clearTimeout(id);
  },
  every(ms, fn) {
    const id = setInterval(fn, ms);
    id.unref();
    return () => clearInterval(id);
  },
};

/**
 * The demo's alarm interval in milliseconds, or null when alarms are off: `--no-alarms` or DEMO_ALARMS=off turn
 * them off; `--alarm-minutes N` (before DEMO_ALARM_MINUTES) sets the interval, fractions allowed, 0 meaning off.
 */
export function demoAlarmInterval(argv: readonly string[], env: NodeJS.ProcessEnv): number | null {
  const { values } = parseArgs({
    args: [...argv],
    options: { 'alarm-minutes': { type: 'string' }, 'no-alarms': { type: 'boolean' } },
    strict: false,
  });
  if (values['no-alarms'] === true || /^(off|0|false|no)$/i.test(env.DEMO_ALARMS ?? '')) return null;
  const given = values['alarm-minutes'] ?? env.DEMO_ALARM_MINUTES;
  const raw = typeof given === 'string' && given.trim() !== '' ? given.trim() : String(DEFAULT_ALARM_MINUTES);
  const minutes = Number(raw);
  if (!Number.isFinite(minutes) || minutes < 0 || minutes > MAX_MINUTES) {
    throw new Error(`the demo's alarm interval must be 0 to ${MAX_MINUTES} minutes, got ${raw}`);
  }
  return minutes === 0 ? null : Math.max(1000, Math.round(minutes * 60_000));
}

export interface DemoAlarms {
  /** Raises one round now; answers how many alarms the platform accepted (SIP 200). */
  round(): Promise<number>;
  stop(): void;
}

/**
 * Every `intervalMs`, ALARMS_PER_ROUND alarms from registered devices in turn, each of another kind: motion, video
 * loss and human shape (SPEC §3 A, B, C). An NVR raises its alarm on one of its channels, the next one each time, so
 * alarms name channels that the alarm list's live link then plays.
 */
export function startDemoAlarms(o: {
  devices: () => readonly SimDevice[];
  intervalMs: number;
  timer?: DemoTimer;
  raise?: typeof raiseAlarm;
  log?: (line: string) => void;
}): DemoAlarms {
  const timer = o.timer ?? realTimer;
  const raise = o.raise ?? raiseAlarm;
  let turn = 0;
  let stopped = false;
  const channelTurn = new Map<string, number>();

  async function round(): Promise<number> {
    const ready = o.devices().filter((d) => d.registered);
    if (ready.length === 0) return 0;
    const picks = Array.from({ length: ALARMS_PER_ROUND }, (_, i) => {
      const device = ready[(turn + i) % ready.length]!;
      let channel: string | undefined;
      if (device.type === 'nvr' && device.channels.length > 0) {
        const k = channelTurn.get(device.id) ?? 0;
        channelTurn.set(device.id, k + 1);
        channel = device.channels[k % device.channels.length]!.id;
      }
      return { device, kind: i % SIM_ALARMS.length, channel };
    });
    turn += picks.length;
    const answers = await Promise.all(
      picks.map(({ device, kind, channel }) =>
        raise(device, { kind, ...(channel ? { channel } : {}) }).catch((err: unknown) => {
          o.log?.(`demo alarm from ${device.id} failed: ${String(err)}`);
          return undefined;
        }),
      ),
    );
    return answers.filter((status) => status === 200).length;
  }

  const run = () => {
    if (!stopped) round().catch((err: unknown) => o.log?.(`demo alarms failed: ${String(err)}`));
  };
  // The first round soon, for whoever opens the console at once; then one every interval.
  let cancel = timer.after(Math.min(FIRST_ROUND_MS, o.intervalMs), () => {
    run();
    if (!stopped) cancel = timer.every(o.intervalMs, run);
  });
  return {
    round,
    stop() {
      stopped = true;
      cancel();
    },
  };
}
