// Latency chase: jump to the live edge when more than 1.5 s behind, normal speed otherwise.
import { describe, expect, it } from 'vitest';
import { chaseLatency, rangesOf } from './latency';
import { timeRanges } from './test-fakes';

describe('chaseLatency', () => {
  it('does nothing before anything is buffered', () => {
    expect(chaseLatency(0, [])).toEqual({ action: 'none' });
  });

  it('plays at normal speed within 1.5 s of the live edge', () => {
    expect(chaseLatency(9, [[0, 10]])).toEqual({ action: 'rate', rate: 1 });
    expect(chaseLatency(8.5, [[0, 10]])).toEqual({ action: 'rate', rate: 1 });
  });

  it('jumps to 0.3 s before the edge when more than 1.5 s behind', () => {
    expect(chaseLatency(8.4, [[0, 10]])).toEqual({ action: 'seek', to: 9.7 });
    expect(chaseLatency(2, [[0, 30]])).toEqual({ action: 'seek', to: 29.7 });
  });

  it('jumps into the buffer when playback sits before it (stream timestamps do not start at 0)', () => {
    expect(chaseLatency(0, [[1000, 1000.5]])).toEqual({ action: 'seek', to: 1000.2 });
    expect(chaseLatency(0, [[1000, 1000.1]])).toEqual({ action: 'seek', to: 1000 });
  });

  it('follows the last range, where the live edge is', () => {
    expect(
      chaseLatency(5, [
        [0, 5.2],
        [6, 12],
      ]),
    ).toEqual({ action: 'seek', to: 11.7 });
  });

  it('reads TimeRanges as pairs', () => {
    expect(rangesOf(timeRanges([[1, 2]]))).toEqual([[1, 2]]);
  });
});
