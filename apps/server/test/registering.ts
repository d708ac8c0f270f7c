// One simulated camera trying to REGISTER with the app over real SIP: whether it was let in or the
// status it was refused with, and the simulated device, still running, to speak to the app afterwards.
import { createSimulator, type SimDevice, type Simulator } from '@svc/device-sim';
import { until } from './wait.js';

export type RegisterAnswer = 'registered' | `status ${number}`;

export type Attempt = { answer: RegisterAnswer; sim: Simulator; device: SimDevice };

/**
 * Starts a one-camera simulator registering with digest and waits for its first answer. The caller
 * stops `sim` (a refused device keeps retrying, so it can still send requests the app must refuse).
 */
export async function attemptRegister(o: { sipPort: number; id: string; password: string }): Promise<Attempt> {
  let refused: RegisterAnswer | undefined;
  const sim = createSimulator({
    server: { host: '127.0.0.1', port: o.sipPort },
    type: 'ipc',
    count: 1,
    firstId: o.id,
    password: o.password,
    bindHost: '127.0.0.1',
    retrySeconds: 1,
    log: (line) => (refused ??= /REGISTER failed \((status \d+)\)/.exec(line)?.[1] as RegisterAnswer | undefined),
  });
  await sim.start();
  try {
    const answer = await until(`${o.id} registered or refused`, () =>
      sim.stats().registered > 0 ? ('registered' as const) : refused,
    );
    return { answer, sim, device: sim.devices[0]! };
  } catch (err) {
    await sim.stop();
    throw err;
  }
}

/** attemptRegister, then the simulator stopped (a registered device unregisters): just the answer. */
export async function registerOnce(o: { sipPort: number; id: string; password: string }): Promise<RegisterAnswer> {
  const { answer, sim } = await attemptRegister(o);
  await sim.stop();
  return answer;
}
