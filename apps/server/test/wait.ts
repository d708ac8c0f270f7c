// Waiting for what a server does in its own time (a device registering, a row landing): poll a
// probe until it answers, with a bound, instead of sleeping a fixed time.

/** Polls `probe` until it answers something other than undefined or false; throws naming `what` after `ms`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 10_000,
  everyMs = 20,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
