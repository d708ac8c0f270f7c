import { describe, expect, it } from 'vitest';
import { formatZoned, parseZoned } from './zoned-time.js';

describe('zone-less times in the caller’s zone', () => {
  it('reads and writes a wall-clock time in a fixed-offset and a DST zone', () => {
    expect(parseZoned('2026-11-22 08:00:00', 'Asia/Shanghai').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(formatZoned(new Date('2026-11-22T00:00:00Z'), 'Asia/Shanghai')).toBe('2026-11-22 08:00:00');
    // New York: EDT (−4) in July, EST (−5) in November.
    expect(parseZoned('2026-07-01 12:00:00', 'America/New_York').toISOString()).toBe('2026-07-01T16:00:00.000Z');
    expect(parseZoned('2026-11-22 12:00:00', 'America/New_York').toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it('takes the earlier instant of a repeated hour and round-trips every hour of a DST change day', () => {
    // 2026-11-01 01:30 happens twice in New York; the first is EDT.
    expect(parseZoned('2026-11-01 01:30:00', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    for (let h = 0; h < 24; h++) {
      const text = `2026-11-01 ${String(h).padStart(2, '0')}:15:00`;
      expect(formatZoned(parseZoned(text, 'America/New_York'), 'America/New_York')).toBe(text);
    }
  });

  it('refuses text that is not a time', () => {
    expect(() => parseZoned('2026-11-22T08:00:00', 'UTC')).toThrow(RangeError);
  });
});
