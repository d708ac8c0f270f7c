// The devices of bench/alarms --ingest-sip, in a process of their own (the server has the other core):
// a simulator fleet that raises alarms at an offered rate, open loop, and uploads each alarm's picture
// when the platform sends its SnapShotConfig. Options as JSON in argv; stdin commands:
//   go <rate>   start raising <rate> alarms/s over the registered devices
//   reset       start a new measuring window (latencies, counts)
//   stop        stop raising (transactions in flight still finish)
//   print       print a stats line now
// A JSON stats line goes to stdout every second and after every command.
import { createInterface } from 'node:readline';
import {
  createSimulator,
  observeUploads,
  raiseAlarm,
  SIM_ALARMS,
  type SimulatorOptions,
} from '../../apps/device-sim/src/index.js';
import { LatencyHistogram } from '../../apps/device-sim/src/latency.js';

const options = JSON.parse(process.argv[2] ?? '{}') as SimulatorOptions;

/** Per window: what the devices offered and what they heard back. */
function freshWindow() {
  return {
    at: performance.now(),
    cpu: process.cpuUsage(),
    sent: 0,
    /** Ticks that could not send everything due (this process was behind): alarms never offered. */
    notOffered: 0,
    statuses: {} as Record<string, number>,
    /** No final answer within the SIP transaction timeout (32 s), or the socket refused the send. */
    unanswered: 0,
    ok: new LatencyHistogram(),
    uploads: {} as Record<string, number>,
    upload: new LatencyHistogram(),
  };
}
let w = freshWindow();
let inFlight = 0;

// Upload outcomes and times as the devices see them (the response came after the server stored it).
observeUploads((status, ms) => {
  if (status === 0) {
    w.uploads.error = (w.uploads.error ?? 0) + 1;
    return;
  }
  w.upload.record(ms);
  w.uploads[status] = (w.uploads[status] ?? 0) + 1;
});

const sim = createSimulator(options);
await sim.start();

let rate = 0;
let startedAt = 0;
let due = 0;
let next = 0;
let pacer: NodeJS.Timeout | undefined;
const TICK_MS = 5;

function raiseOne(): void {
  const devices = sim.devices;
  // Round robin over registered devices; each device's SN counter makes every alarm unique (no dedup).
  for (let tries = 0; tries < devices.length; tries++) {
    const d = devices[next++ % devices.length]!;
    if (!d.registered) continue;
    const window = w;
    const kind = next % SIM_ALARMS.length;
    const t0 = performance.now();
    window.sent++;
    inFlight++;
    void raiseAlarm(d, { kind }).then((status) => {
      inFlight--;
      if (status === undefined) {
        window.unanswered++;
        return;
      }
      window.statuses[status] = (window.statuses[status] ?? 0) + 1;
      if (status === 200) window.ok.record(performance.now() - t0);
    });
    return;
  }
}

function tick(): void {
  const target = Math.floor((rate * (performance.now() - startedAt)) / 1000);
  let n = target - due;
  // Open loop, but no catch-up bursts: when this process falls more than 50 ms behind (CPU), the rest
  // is counted as not offered, so the printed offered rate is what really left, not what was planned.
  const cap = Math.max(1, Math.ceil(rate * 0.05));
  if (n > cap) {
    w.notOffered += n - cap;
    n = cap;
  }
  due = target;
  for (let i = 0; i < n; i++) raiseOne();
}

function print(cmd?: string): void {
  const cpu = process.cpuUsage(w.cpu);
  const seconds = (performance.now() - w.at) / 1000;
  process.stdout.write(
    `${JSON.stringify({
      t: Date.now(),
      ...(cmd ? { cmd } : {}),
      registered: sim.stats().registered,
      seconds,
      cpuPct: (100 * (cpu.user + cpu.system)) / 1e6 / Math.max(seconds, 1e-9),
      rssBytes: process.memoryUsage().rss,
      inFlight,
      sent: w.sent,
      notOffered: w.notOffered,
      statuses: w.statuses,
      unanswered: w.unanswered,
      ok: w.ok.summary(),
      uploads: w.uploads,
      upload: w.upload.summary(),
    })}\n`,
  );
}

const timer = setInterval(() => print(), 1000);
createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, arg] = line.trim().split(/\s+/);
  if (cmd === 'go') {
    rate = Number(arg);
    startedAt = performance.now();
    due = 0;
    clearInterval(pacer);
    pacer = setInterval(tick, TICK_MS);
  } else if (cmd === 'reset') {
    w = freshWindow();
  } else if (cmd === 'stop') {
    clearInterval(pacer);
    pacer = undefined;
  }
  print(cmd);
});
process.once('SIGTERM', () => {
  clearInterval(timer);
  clearInterval(pacer);
  void sim.stop().then(() => process.exit(0));
});
