// Test support: a fake platform and a simulator aimed at it, both closed after each test of the file.
import { afterEach } from 'vitest';
import { createSimulator, type Simulator, type SimulatorOptions } from '../index.js';
import { FakePlatform, until } from './fake-platform.js';

export type SimRig = {
  /** A listening fake platform that checks digests against `password`. */
  platform(transport: 'udp' | 'tcp', password: string): Promise<FakePlatform>;
  /** A simulator aimed at `p`, not yet started. */
  simulator(p: FakePlatform, options: Omit<SimulatorOptions, 'server'>): Simulator;
  /** A platform, and a simulator of `options.count` devices started on it and all registered. */
  registered(
    transport: 'udp' | 'tcp',
    options: Omit<SimulatorOptions, 'server' | 'transport'>,
  ): Promise<{ p: FakePlatform; s: Simulator }>;
  /** Stops the simulator now (a test looking at what stopping sends), so that the cleanup does not again. */
  stop(): Promise<void>;
};

/** Call once at the top of a test file: it registers the afterEach that closes what the rig made. */
export function simRig(): SimRig {
  let platform: FakePlatform | undefined;
  let sim: Simulator | undefined;
  afterEach(async () => {
    await sim?.stop();
    await platform?.close();
    sim = undefined;
    platform = undefined;
  });
  const rig: SimRig = {
    async platform(transport, password) {
      const p = new FakePlatform(transport, password);
      await p.listen();
      platform = p;
      return p;
    },
    simulator(p, options) {
      sim = createSimulator({ server: { host: '127.0.0.1', port: p.port }, ...options });
      return sim;
    },
    async registered(transport, options) {
      const p = await rig.platform(transport, options.password);
      const s = rig.simulator(p, { ...options, transport });
      await s.start();
      await until('registration', () => s.stats().registered === options.count);
      return { p, s };
    },
    async stop() {
      await sim?.stop();
      sim = undefined;
    },
  };
  return rig;
}
