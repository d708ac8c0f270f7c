// Node's clock and timers as the SIP transaction layer's scheduler.
import type { SipTimers, TimerHandle } from '@svc/gb28181';

/** A class, not a closure: one small object per timer on the path of every request the platform sends. */
class NodeTimer implements TimerHandle {
  constructor(private readonly timeout: NodeJS.Timeout) {}
  cancel(): void {
    clearTimeout(this.timeout);
  }
}

/** Unref'd: the gateway's sockets keep the process alive, never a retransmission or a sweep. */
export const nodeTimers: SipTimers = {
  now: () => Date.now(),
  after: (ms, fn) => new NodeTimer(setTimeout(fn, ms).unref()),
};
