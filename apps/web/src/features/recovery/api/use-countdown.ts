// Seconds left before a code may be sent again, ticking once a second.
import { useEffect, useState } from 'react';

/** SPEC gives no resend interval; one minute matches the server's "too frequent" (111) guard. */
export const RESEND_COOLDOWN_SECONDS = 60;

export function useCountdown(since: number | undefined, seconds = RESEND_COOLDOWN_SECONDS): number {
  const left = () => (since ? Math.max(0, Math.ceil((since + seconds * 1000 - Date.now()) / 1000)) : 0);
  const [value, setValue] = useState(left);
  useEffect(() => {
    const tick = () => setValue(since ? Math.max(0, Math.ceil((since + seconds * 1000 - Date.now()) / 1000)) : 0);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [since, seconds]);
  return value;
}
