// Latency chase for live fMP4 (architecture §4 "the player chases latency"): the decision, free of any media element.

/** A buffered range of the media element, in seconds. */
export type Range = readonly [start: number, end: number];

/** The most a live tile may trail the newest buffered frame before it jumps (seconds). */
export const MAX_LAG_S = 1.5;
/** Where a jump lands, behind the live edge, so the next frames arrive before the buffer runs dry. */
export const JUMP_BEHIND_S = 0.3;

export type ChaseDecision = { action: 'none' } | { action: 'seek'; to: number } | { action: 'rate'; rate: 1 };

/**
 * What to do now: jump when more than MAX_LAG_S behind the live edge (or outside every range, where playback
 * would stall on a gap), otherwise play at normal speed. Uses the last range: the live edge is always there.
 */
export function chaseLatency(currentTime: number, ranges: readonly Range[]): ChaseDecision {
  const last = ranges[ranges.length - 1];
  if (!last) return { action: 'none' };
  const [start, end] = last;
  if (end - currentTime > MAX_LAG_S || currentTime < start) {
    return { action: 'seek', to: Math.max(start, end - JUMP_BEHIND_S) };
  }
  return { action: 'rate', rate: 1 };
}

/** The ranges of a TimeRanges object as plain pairs. */
export function rangesOf(buffered: TimeRanges): Range[] {
  const out: Range[] = [];
  for (let i = 0; i < buffered.length; i++) out.push([buffered.start(i), buffered.end(i)]);
  return out;
}
