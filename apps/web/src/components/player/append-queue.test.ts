// The MSE append queue against a SourceBuffer that refuses work while updating.
import { describe, expect, it, vi } from 'vitest';
import { AppendQueue } from './append-queue';
import { FakeSourceBuffer } from './test-fakes';

const bytes = (n: number) => new Uint8Array([n]).buffer;

function setup(currentTime = 0) {
  const sb = new FakeSourceBuffer();
  const onFatal = vi.fn();
  const onUpdated = vi.fn();
  const time = { now: currentTime };
  const queue = new AppendQueue({ currentTime: () => time.now, onFatal, onUpdated });
  return { sb, queue, onFatal, onUpdated, time };
}

describe('AppendQueue', () => {
  it('appends one segment at a time, in order, waiting for updateend', () => {
    const { sb, queue, onFatal, onUpdated } = setup();
    queue.attach(sb);
    queue.push(bytes(1));
    queue.push(bytes(2));
    queue.push(bytes(3));
    expect(sb.log).toEqual(['append:1']);
    expect(queue.pending).toBe(2);
    sb.finish();
    expect(sb.log).toEqual(['append:1', 'append:2']);
    sb.finish();
    sb.finish();
    expect(sb.log).toEqual(['append:1', 'append:2', 'append:3']);
    expect(onUpdated).toHaveBeenCalledTimes(3);
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('keeps data pushed before the SourceBuffer exists and appends it once attached', () => {
    const { sb, queue } = setup();
    queue.push(bytes(7));
    queue.push(bytes(8));
    expect(queue.attached).toBe(false);
    queue.attach(sb);
    expect(sb.log).toEqual(['append:7']);
    sb.finish();
    expect(sb.log).toEqual(['append:7', 'append:8']);
  });

  it('trims what lies more than 10 s behind playback before the next append', () => {
    const { sb, queue, time } = setup(30);
    queue.attach(sb);
    sb.ranges = [[0, 31]];
    queue.push(bytes(1));
    expect(sb.log).toEqual(['remove:0-20']);
    sb.ranges = [[20, 31]];
    sb.finish();
    expect(sb.log).toEqual(['remove:0-20', 'append:1']);
    // Only a little piled up since: no remove for every frame.
    time.now = 32;
    sb.finish();
    queue.push(bytes(2));
    expect(sb.log.at(-1)).toBe('append:2');
  });

  it('switches codec in order between segments on a new init', () => {
    const { sb, queue } = setup();
    queue.attach(sb);
    queue.push(bytes(1));
    queue.changeType('video/mp4; codecs="hvc1.1.6.L93.B0"');
    queue.push(bytes(2));
    sb.finish();
    expect(sb.log).toEqual(['append:1', 'changeType:video/mp4; codecs="hvc1.1.6.L93.B0"', 'append:2']);
  });

  it('on QuotaExceededError removes what was played and retries the same segment', () => {
    const { sb, queue, time, onFatal } = setup(8);
    queue.attach(sb);
    sb.ranges = [[0, 9]];
    sb.failNextAppendWith = new DOMException('full', 'QuotaExceededError');
    queue.push(bytes(5));
    expect(sb.log).toEqual(['remove:0-8']);
    sb.ranges = [[8, 9]];
    time.now = 8.2;
    sb.finish();
    expect(sb.log).toEqual(['remove:0-8', 'append:5']);
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('reports an append the SourceBuffer rejects outright as fatal', () => {
    const { sb, queue, onFatal } = setup();
    queue.attach(sb);
    sb.failNextAppendWith = new DOMException('closed', 'InvalidStateError');
    queue.push(bytes(1));
    expect(onFatal).toHaveBeenCalledTimes(1);
  });

  it('after dispose it stops listening and ignores new data', () => {
    const { sb, queue } = setup();
    queue.attach(sb);
    queue.push(bytes(1));
    queue.dispose();
    expect(sb.listenerCount('updateend')).toBe(0);
    queue.push(bytes(2));
    sb.finish();
    expect(sb.log).toEqual(['append:1']);
  });
});
