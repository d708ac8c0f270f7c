// CLI: runs N simulated devices against a platform, prints a JSON stats line every 10 s, unregisters on SIGINT/SIGTERM.
import { parseCli, UsageError, USAGE } from './cli-args.js';
import { raiseAlarm } from './alarms.js';
import { createSimulator } from './simulator.js';

const STATS_EVERY_MS = 10_000;

async function main(argv: string[]): Promise<number> {
  let config;
  try {
    config = parseCli(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`device-sim: ${err.message}\n${USAGE}`);
    return 2;
  }
  const verbose = config.verbose;
  const sim = createSimulator({
    ...config.options,
    log: (line) => {
      if (verbose) console.error(line);
    },
  });
  const printStats = (): void => console.log(JSON.stringify({ time: new Date().toISOString(), ...sim.stats() }));
  await sim.start();
  const o = config.options;
  console.error(`device-sim: ${o.count} ${o.type} device(s) → ${o.server.host}:${o.server.port}; Ctrl-C stops`);
  const interval = setInterval(printStats, STATS_EVERY_MS);
  // --alarms N: N alarms a minute, from devices in turn, kinds in turn.
  let raised = 0;
  const alarms =
    config.alarmsPerMinute > 0
      ? setInterval(() => {
          const device = sim.devices[raised % sim.devices.length];
          if (device?.registered)
            raiseAlarm(device, { kind: raised }).catch((err: unknown) => console.error(`alarm: ${String(err)}`));
          raised++;
        }, 60_000 / config.alarmsPerMinute)
      : undefined;
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  clearInterval(interval);
  if (alarms) clearInterval(alarms);
  console.error('device-sim: stopping (unregistering)…');
  await sim.stop();
  printStats();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`device-sim: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
