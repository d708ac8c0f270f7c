// The live session's WebSocket handling (docs/contracts/live-api.md) against fake WebSocket, MediaSource and video.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/client';
import { LiveSession, type MediaEnv, type SessionVideo } from './live-session';
import type { PlayerState } from './player-types';
import { FakeVideo, FakeWebSocket, fakeMediaSourceClass } from './test-fakes';

const H264 = 'video/mp4; codecs="avc1.4d401e"';
const H265 = 'video/mp4; codecs="hvc1.1.6.L93.B0"';
const flush = () => vi.advanceTimersByTimeAsync(0);

function setup({ supported = () => true, mse = true }: { supported?: (mime: string) => boolean; mse?: boolean } = {}) {
  const { MediaSourceClass, instances } = fakeMediaSourceClass(supported);
  const revoked: string[] = [];
  let urls = 0;
  const env: MediaEnv = {
    MediaSource: mse ? (MediaSourceClass as unknown as MediaEnv['MediaSource']) : undefined,
    WebSocket: FakeWebSocket as unknown as MediaEnv['WebSocket'],
    createObjectURL: () => `blob:media-${++urls}`,
    revokeObjectURL: (url) => revoked.push(url),
    location: { protocol: 'https:', host: 'console.test' },
  };
  const video = new FakeVideo();
  const resolve = vi.fn((_signal: AbortSignal) => Promise.resolve({ wsUrl: '/media/live/k1.mp4?sig=abc' }));
  const states: PlayerState[] = [];
  const session = new LiveSession(video as unknown as SessionVideo, { key: 'k1', resolve }, (s) => states.push(s), env);
  const socket = (i = 0) => FakeWebSocket.instances[i]!;
  return { session, video, resolve, states, socket, mediaSources: instances, revoked, last: () => states.at(-1) };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});
afterEach(() => vi.useRealTimers());

describe('LiveSession', () => {
  it('opens wss on the page host, creates the SourceBuffer from the init mime and appends frames in order', async () => {
    const { session, video, socket, mediaSources, states } = setup();
    session.start();
    expect(states).toEqual([{ status: 'connecting', attempt: 0 }]);
    await flush();
    expect(socket().url).toBe('wss://console.test/media/live/k1.mp4?sig=abc');
    expect(socket().binaryType).toBe('arraybuffer');

    socket().text({ type: 'init', codec: 'h264', mime: H264, width: 640, height: 360 });
    socket().binary(1); // the init segment, racing sourceopen
    await flush();
    const ms = mediaSources[0]!;
    expect(video.src).toBe('blob:media-1');
    ms.open();
    await flush();
    const sb = ms.sourceBuffers[0]!;
    expect(sb.mime).toBe(H264);
    expect(sb.mode).toBe('segments');
    expect(sb.log).toEqual(['append:1']);

    socket().binary(2);
    expect(sb.log).toEqual(['append:1']); // never while updating
    video.ranges = [[100, 100.04]];
    sb.finish();
    expect(sb.log).toEqual(['append:1', 'append:2']);
    expect(states.at(-1)).toEqual({ status: 'playing' });
    // Timestamps start at 100 s: the chase moves playback into the buffer and starts it.
    expect(video.currentTime).toBe(100);
    expect(video.plays).toBe(1);
  });

  it('shows the message of an error frame and does not retry', async () => {
    const { session, socket, resolve, last } = setup();
    session.start();
    await flush();
    socket().text({ type: 'error', code: 4105, msg: '流媒体服务异常' });
    socket().serverClose(4105);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last()).toEqual({ status: 'error', error: { kind: 'server', code: 4105, message: '流媒体服务异常' } });
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('says the browser cannot decode H.265 and closes the socket', async () => {
    const { session, socket, mediaSources, last } = setup({ supported: (mime) => !mime.includes('hvc1') });
    session.start();
    await flush();
    socket().text({ type: 'init', codec: 'h265', mime: H265 });
    await flush();
    expect(last()).toEqual({ status: 'error', error: { kind: 'h265' } });
    expect(socket().closedWith).toBe(1000);
    expect(mediaSources).toHaveLength(0);
  });

  it('names another unsupported codec by its mime', async () => {
    const { session, socket, last } = setup({ supported: () => false });
    session.start();
    await flush();
    socket().text({ type: 'init', codec: 'h264', mime: H264 });
    await flush();
    expect(last()).toEqual({ status: 'error', error: { kind: 'codec', mime: H264 } });
  });

  it('shows the server msg of a refused livePlayUrl without opening a socket', async () => {
    const { session, resolve, last } = setup();
    resolve.mockRejectedValueOnce(new ApiError('code', 4101, 'Device offline'));
    session.start();
    await flush();
    expect(last()).toEqual({ status: 'error', error: { kind: 'server', code: 4101, message: 'Device offline' } });
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('retries an unexpected close with backoff up to 3 times, each with a fresh livePlayUrl, then gives up', async () => {
    const { session, socket, resolve, last } = setup();
    session.start();
    await flush();
    socket(0).serverClose(1006);
    expect(last()).toEqual({ status: 'connecting', attempt: 1 });
    await vi.advanceTimersByTimeAsync(999);
    expect(resolve).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolve).toHaveBeenCalledTimes(2);
    socket(1).serverClose(1006);
    await vi.advanceTimersByTimeAsync(2000);
    expect(resolve).toHaveBeenCalledTimes(3);
    socket(2).serverClose(4403); // an expired signature is worth a fresh URL too
    await vi.advanceTimersByTimeAsync(4000);
    expect(resolve).toHaveBeenCalledTimes(4);
    socket(3).serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resolve).toHaveBeenCalledTimes(4);
    expect(last()).toEqual({ status: 'error', error: { kind: 'network' } });
  });

  it('switches codec with changeType when a new init arrives mid-stream', async () => {
    const { session, socket, mediaSources, video } = setup();
    session.start();
    await flush();
    socket().text({ type: 'init', codec: 'h264', mime: H264 });
    await flush();
    mediaSources[0]!.open();
    await flush();
    const sb = mediaSources[0]!.sourceBuffers[0]!;
    socket().binary(1);
    video.ranges = [[0, 1]];
    sb.finish();
    socket().text({ type: 'init', codec: 'h265', mime: H265 });
    await flush();
    socket().binary(2);
    expect(sb.log).toEqual(['append:1', `changeType:${H265}`, 'append:2']);
    expect(mediaSources).toHaveLength(1);
  });

  it('stop closes the socket, revokes the object URL, detaches the video and cancels pending retries', async () => {
    const { session, socket, mediaSources, video, revoked, resolve, states } = setup();
    session.start();
    await flush();
    socket().text({ type: 'init', codec: 'h264', mime: H264 });
    await flush();
    mediaSources[0]!.open();
    await flush();
    session.stop();
    expect(socket().closedWith).toBe(1000);
    expect(revoked).toEqual(['blob:media-1']);
    expect(video.src).toBe('');
    const count = states.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(states).toHaveLength(count);
  });

  it('without Media Source Extensions says so and never asks for a URL', () => {
    const { session, resolve, last } = setup({ mse: false });
    session.start();
    expect(last()).toEqual({ status: 'error', error: { kind: 'mse' } });
    expect(resolve).not.toHaveBeenCalled();
  });
});
