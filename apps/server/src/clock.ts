// Time as an injectable, so lockouts, expiries and rate windows are testable without waiting.
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

export const minutesAfter = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
