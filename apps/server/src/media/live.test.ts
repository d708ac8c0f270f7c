// Live sessions against a scripted Signalling: how a device's refusal, silence, own hang-up or going offline ends a view.
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveError, LiveStreams, streamKeyOf, type PlayRequest } from './live.js';
import { RtpIngest } from './rtp-ingest.js';
import {
  StreamRefused,
  StreamTimeout,
  type Signalling,
  type StreamDevice,
  type StreamHandle,
  type StreamRequest,
} from './signalling.js';

const CAMERA = '34020000001320000001';
const device: StreamDevice = { gbCode: CAMERA, peer: { transport: 'UDP', address: '192.168.1.64', port: 5060 } };
const request: PlayRequest = {
  enterpriseId: 1,
  deviceId: 2,
  gbCode: CAMERA,
  channelIndex: 1,
  channelCode: '34020000001310000001',
  stream: 'main',
  mode: 'UDP',
};

/** A device that answers stream requests as `answer` says; it records what was asked of it. */
class ScriptedSignalling implements Signalling {
  readonly platformId = '34020000002000000001';
  readonly mediaIp = '10.0.0.1';
  readonly started: StreamRequest[] = [];
  readonly stopped: StreamHandle[] = [];
  private readonly ended = new Set<(h: StreamHandle) => void>();
  private readonly offline = new Set<(gbCode: string) => void>();
  answer: () => Promise<StreamHandle> = async () => ({ deviceMedia: { host: undefined, port: undefined } });
  registered = true;

  device(gbCode: string): StreamDevice | undefined {
    return this.registered && gbCode === CAMERA ? device : undefined;
  }
  startStream(_: StreamDevice, r: StreamRequest): Promise<StreamHandle> {
    this.started.push(r);
    return this.answer();
  }
  async stopStream(handle: StreamHandle): Promise<void> {
    this.stopped.push(handle);
  }
  onStreamEnded(listener: (h: StreamHandle) => void): () => void {
    this.ended.add(listener);
    return () => void this.ended.delete(listener);
  }
  onDeviceOffline(listener: (gbCode: string) => void): () => void {
    this.offline.add(listener);
    return () => void this.offline.delete(listener);
  }
  deviceEnds(h: StreamHandle): void {
    for (const l of this.ended) l(h);
  }
  goesOffline(): void {
    for (const l of this.offline) l(CAMERA);
  }
}

let live: LiveStreams | undefined;
afterEach(async () => {
  await live?.close();
  live = undefined;
});

function setup(firstFrameMs = 2000): { signalling: ScriptedSignalling; live: LiveStreams } {
  const signalling = new ScriptedSignalling();
  live = new LiveStreams({
    signalling,
    ingest: new RtpIngest(),
    mediaPort: () => 30000,
    log: pino({ level: 'silent' }),
    firstFrameMs,
  });
  return { signalling, live };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'started',
    (err: unknown) => (err instanceof LiveError ? `${err.code} ${err.message}` : String(err)),
  );

describe('live sessions over signalling', () => {
  it('asks the device for the stream with the SSRC, media port and sub-stream number', async () => {
    const { signalling, live } = setup(50);
    await codeOf(live.play({ ...request, stream: 'sub' }));
    expect(signalling.started).toEqual([
      {
        channelCode: request.channelCode,
        ssrc: expect.stringMatching(/^\d{10}$/),
        mode: 'UDP',
        mediaPort: 30000,
        timeoutMs: 50,
        streamNumber: 1,
      },
    ]);
  });

  it('answers 4101 for a device that is not registered, asking it nothing', async () => {
    const { signalling, live } = setup();
    signalling.registered = false;
    expect(await codeOf(live.play(request))).toBe('4101 device offline: it is not registered');
    expect(signalling.started).toEqual([]);
  });

  it('answers 4104 when the device does not answer and 4105 when it refuses', async () => {
    const { signalling, live } = setup();
    signalling.answer = () => Promise.reject(new StreamTimeout('timed out'));
    expect(await codeOf(live.play(request))).toBe(
      '4104 device did not answer the INVITE within 2 s (sent to UDP 192.168.1.64:5060)',
    );
    signalling.answer = () => Promise.reject(new StreamRefused('device answered 486 Busy Here'));
    expect(await codeOf(live.play(request))).toBe('4105 device answered 486 Busy Here to the INVITE');
    expect(live.size).toBe(0);
  });

  it('ends the session when the device ends the stream itself', async () => {
    const { signalling, live } = setup();
    const handle: StreamHandle = { deviceMedia: { host: undefined, port: undefined } };
    signalling.answer = async () => handle;
    const playing = codeOf(live.play(request));
    await until(() => live.find(streamKeyOf(request))?.stream === handle);
    signalling.deviceEnds(handle);
    expect(await playing).toMatch(/^4105 stream ended before its first keyframe \(device ended the stream\)/);
    expect(live.size).toBe(0);
  });

  it('ends the session with 4101 when the device goes offline, sending no stop', async () => {
    const { signalling, live } = setup();
    const playing = codeOf(live.play(request));
    await until(() => signalling.started.length === 1);
    signalling.goesOffline();
    expect(await playing).toMatch(/^4101 /);
    expect(signalling.stopped).toEqual([]);
  });

  it('stops the stream of a session that never got a keyframe', async () => {
    const { signalling, live } = setup(100);
    const handle: StreamHandle = { deviceMedia: { host: undefined, port: undefined } };
    signalling.answer = async () => handle;
    expect(await codeOf(live.play(request))).toMatch(/^4104 no stream within 0.1 s: no RTP of SSRC \d{10} arrived/);
    expect(signalling.stopped).toEqual([handle]);
  });
});

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!ok()) throw new Error('condition not reached');
}
