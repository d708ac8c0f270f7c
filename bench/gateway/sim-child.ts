// The simulator as a benchmark's separate process: options as JSON in argv, a JSON stats line every second,
// "reset" on stdin starts a new keepalive latency window, SIGTERM unregisters and exits.
import { createInterface } from 'node:readline';
import { createSimulator, type SimulatorOptions } from '../../apps/device-sim/src/index.js';

const options = JSON.parse(process.argv[2] ?? '{}') as SimulatorOptions;
const sim = createSimulator(options);
const print = () => process.stdout.write(`${JSON.stringify({ t: Date.now(), ...sim.stats() })}\n`);
await sim.start();
const timer = setInterval(print, 1000);
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'reset') sim.resetKeepaliveLatency();
  print();
});
process.once('SIGTERM', () => {
  clearInterval(timer);
  void sim.stop().then(() => {
    print();
    process.exit(0);
  });
});
