// Units of the simulator: ID numbering, the shared scheduler, the media pacer's skip-to-keyframe and wrap, CLI flags.
import { describe, expect, it } from 'vitest';
import { parseCli, UsageError } from './cli-args.js';
import { channelName, deviceName, ipcChannelId, nthId, nvrChannelId } from './ids.js';
import { loadSample } from './media/sample.js';
import type { MediaSink } from './media/sinks.js';
import { FRAME_MS, Streamer } from './media/streamer.js';
import { Scheduler } from './scheduler.js';
import { RtpCollector } from './testing/rtp-collector.js';

describe('ids', () => {
  it('numbers devices and channels', () => {
    expect(nthId('34020000001320000001', 0)).toBe('34020000001320000001');
    expect(nthId('34020000001320000999', 2)).toBe('34020000001320001001');
    expect(ipcChannelId('34020000001320000123')).toBe('34020000001310000123');
    expect(nvrChannelId('34020000001180000001', 1)).toBe('34020000001315000101');
    expect(deviceName('nvr', 0)).toBe('Sim NVR 0001');
    expect(channelName('Sim NVR 0001', 3)).toBe('Sim NVR 0001 CH03');
    expect(() => nvrChannelId('34020000001180000001', 100)).toThrow();
    expect(() => nthId('99999999999999999999', 1)).toThrow();
  });

  it('keeps NVR channel IDs unique across a large fleet and apart from IPC channels', () => {
    const seen = new Set<string>();
    for (let n = 0; n < 5000; n++) {
      const id = nthId('34020000001180000001', n);
      for (let k = 1; k <= 16; k++) seen.add(nvrChannelId(id, k));
    }
    expect(seen.size).toBe(5000 * 16);
    for (let n = 0; n < 5000; n++) expect(seen.has(ipcChannelId(nthId('34020000001320000001', n)))).toBe(false);
  });
});

describe('Scheduler', () => {
  it('runs due callbacks in deadline order and skips cancelled ones', () => {
    const s = new Scheduler(() => undefined);
    const ran: string[] = [];
    const base = performance.now();
    s.after(30, () => ran.push('c'));
    s.after(10, () => ran.push('a'));
    const cancelled = s.after(20, () => ran.push('x'));
    s.after(20, () => ran.push('b'));
    cancelled.cancel();
    s.runDue(base + 5);
    expect(ran).toEqual([]);
    s.runDue(base + 1000);
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(s.size).toBe(0);
  });

  it('keeps running after a callback throws', () => {
    const errors: unknown[] = [];
    const s = new Scheduler((e) => errors.push(e));
    let ran = false;
    s.after(0, () => {
      throw new Error('boom');
    });
    s.after(1, () => (ran = true));
    s.runDue(performance.now() + 10);
    expect(errors).toHaveLength(1);
    expect(ran).toBe(true);
  });
});

class FakeSink implements MediaSink {
  readonly frames: Buffer[][] = [];
  backedUp = false;
  send(packets: Buffer[]): number {
    this.frames.push(packets);
    return packets.reduce((n, p) => n + p.length, 0);
  }
  congested(): boolean {
    return this.backedUp;
  }
  close(): void {}
}

describe('Streamer', () => {
  it('advances RTP timestamps 3600 per frame across the 2^32 wrap and skips to the next keyframe when backed up', () => {
    const counters = { rtpPackets: 0, bytesSent: 0 };
    const streamer = new Streamer(counters);
    const sink = new FakeSink();
    const collector = new RtpCollector('h264');
    const stream = streamer.add({
      sample: loadSample('h264'),
      sink,
      ssrc: 1234,
      timestamp: 2 ** 32 - 3600 * 2,
      onError: () => undefined,
    });
    try {
      const t0 = stream.startedAt;
      for (let f = 1; f < 5; f++) streamer.tick(t0 + f * FRAME_MS + 1);
      sink.backedUp = true;
      streamer.tick(t0 + 5 * FRAME_MS + 1);
      sink.backedUp = false;
      for (let f = 6; f < 30; f++) streamer.tick(t0 + f * FRAME_MS + 1);
      for (const packets of sink.frames) for (const p of packets) collector.push(p);
      // Frames 0–4 went out, 5–24 were skipped (waiting for a keyframe), 25–29 went out.
      expect(sink.frames).toHaveLength(10);
      const ts = collector.frames.map((f) => f.timestamp);
      expect(ts.slice(0, 5)).toEqual([2 ** 32 - 7200, 2 ** 32 - 3600, 0, 3600, 7200]);
      expect(ts[5]).toBe((2 ** 32 - 7200 + 25 * 3600) % 2 ** 32);
      expect(collector.frames[0]!.keyframe).toBe(true);
      expect(collector.frames[5]!.keyframe).toBe(true);
      expect(collector.frames.slice(1, 5).every((f) => !f.keyframe)).toBe(true);
      expect(stream.framesSkipped).toBe(20);
      expect(counters.rtpPackets).toBe(collector.packets);
    } finally {
      streamer.stop();
    }
  });

  it('does not burst a long backlog after a stall', () => {
    const streamer = new Streamer({ rtpPackets: 0, bytesSent: 0 });
    const sink = new FakeSink();
    const stream = streamer.add({ sample: loadSample('h264'), sink, ssrc: 1, onError: () => undefined });
    try {
      streamer.tick(stream.startedAt + 10_000);
      expect(sink.frames.length).toBeLessThanOrEqual(2);
    } finally {
      streamer.stop();
    }
  });
});

describe('parseCli', () => {
  const base = ['--server', '127.0.0.1:5060', '--count', '3', '--type', 'nvr', '--password', 'p'];

  it('parses flags into options', () => {
    const { options } = parseCli([...base, '--channels', '4', '--transport', 'tcp', '--ramp', '10', '--codec', 'h265']);
    expect(options).toMatchObject({
      server: { host: '127.0.0.1', port: 5060 },
      count: 3,
      type: 'nvr',
      channels: 4,
      transport: 'tcp',
      rampSeconds: 10,
      codec: 'h265',
    });
  });

  it.each([
    [['--count', '3', '--type', 'nvr', '--password', 'p'], /--server/],
    [['--server', 'nohost', '--count', '3', '--type', 'nvr', '--password', 'p'], /HOST:PORT/],
    [[...base.slice(0, 4), '--type', 'dvr', '--password', 'p'], /--type must be one of/],
    [[...base, '--count', 'x'], /--count must be a number/],
    [[...base, '--transport', 'sctp'], /--transport/],
    [[...base, '--first-id', '123'], /firstId must be 20 digits/],
    [[...base, '--channels', '120'], /channels must be a number from 1 to 99/],
    [[...base, '--bogus'], /bogus/],
    [['--server', '127.0.0.1:5060', '--count', '1', '--type', 'ipc', '--password', 'p', '--channels', '8'], /nvr only/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});
