// Vitest project `device-sim`: the simulator against fake platforms on real sockets (ports on 127.0.0.1).
import { defineProject } from 'vitest/config';

export default defineProject({
  root: import.meta.dirname,
  test: {
    name: 'device-sim',
    include: ['src/**/*.test.ts'],
    // Tests wait on real timers (T1 retransmission, 25 fps pacing, a 2 s reboot): give them room on 2 shared cores.
    testTimeout: 20_000,
  },
});
