// Time as an injectable, so lockouts, expiries and rate windows are testable without waiting; and the app's repeating jobs.
import type { FastifyInstance } from 'fastify';

export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export const minutesAfter = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);

/**
 * Runs `job` every `ms` while the app lives: a failure is logged under `name` and the next round
 * comes all the same; the timer holds no process open and stops when the app closes.
 */
export function every(app: FastifyInstance, ms: number, name: string, job: () => Promise<unknown>): void {
  const timer = setInterval(() => {
    job().catch((err: unknown) => app.log.error({ err }, name));
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
