// Count of calls in flight: the loading bar (the SPEC's "spinner") shows while it is above zero.

type Listener = () => void;
let count = 0;
const listeners = new Set<Listener>();

export const inflight = {
  get: (): number => count,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  start(): void {
    count += 1;
    listeners.forEach((l) => l());
  },
  /** Called in `finally`: every failure path stops the spinner (SPEC §8 "stop the spinner"). */
  stop(): void {
    count = Math.max(0, count - 1);
    listeners.forEach((l) => l());
  },
};
