// The gateway as media's Signalling: INVITE outcomes as stream errors, dialogs as stream handles, BYE and offline as events.
import { SipTimeoutError } from '@svc/gb28181';
import { describe, expect, it } from 'vitest';
import { StreamRefused, StreamTimeout } from '../../media/signalling.js';
import type { Gb28181Gateway } from './gateway.js';
import { InviteError, type Dialog } from './invite.js';
import type { OfflineReason, Registration } from './registry.js';
import { Gb28181Signalling } from './signalling.js';

const CAMERA = '34020000001320000001';
const reg = { gbCode: CAMERA, peer: { transport: 'UDP', address: '192.168.1.64', port: 5060 } } as Registration;
const dialogOf = (callId: string, connection?: string, port?: number): Dialog => ({
  gbCode: CAMERA,
  channelCode: '34020000001310000001',
  callId,
  fromTag: 'f',
  toTag: 't',
  cseq: 1,
  peer: reg.peer,
  requestUri: `sip:${CAMERA}@192.168.1.64:5060`,
  answer: {
    attributes: [],
    rtpmap: new Map(),
    ...(connection ? { connection } : {}),
    ...(port ? { media: { type: 'video', port, proto: 'TCP/RTP/AVP', formats: [96] } } : {}),
  },
});
const request = {
  channelCode: '34020000001310000001',
  ssrc: '0100000001',
  mode: 'UDP' as const,
  mediaPort: 30000,
  timeoutMs: 1000,
};

/** The parts of the gateway the adapter uses, scripted. */
function fakeGateway(invite: () => Promise<Dialog>) {
  const byes: Dialog[] = [];
  const offline = new Set<(r: Registration, reason: OfflineReason) => void>();
  const gateway = {
    settings: { id: '34020000002000000001', ip: '10.0.0.1' },
    invites: { invite, onDeviceBye: (_: Dialog) => undefined },
    registration: (gbCode: string | null) => (gbCode === CAMERA ? reg : undefined),
    bye: async (d: Dialog) => void byes.push(d),
    onOffline: (l: (r: Registration, reason: OfflineReason) => void) => {
      offline.add(l);
      return () => offline.delete(l);
    },
  };
  return { gateway, byes, offline, signalling: new Gb28181Signalling(gateway as unknown as Gb28181Gateway) };
}

describe('GB28181 signalling', () => {
  it('starts a stream with an INVITE and answers where the device takes a media connection', async () => {
    const { signalling, byes } = fakeGateway(async () => dialogOf('c1', '192.168.1.65', 15060));
    expect(signalling.platformId).toBe('34020000002000000001');
    expect(signalling.mediaIp).toBe('10.0.0.1');
    const device = signalling.device(CAMERA)!;
    expect(device.peer.address).toBe('192.168.1.64');
    expect(signalling.device('34020000001320000002')).toBeUndefined();
    const handle = await signalling.startStream(device, request);
    expect(handle.deviceMedia).toEqual({ host: '192.168.1.65', port: 15060 });
    await signalling.stopStream(handle);
    expect(byes.map((d) => d.callId)).toEqual(['c1']);
  });

  it('turns an unanswered INVITE into StreamTimeout and a refusal into StreamRefused with its answer', async () => {
    const silent = fakeGateway(() => Promise.reject(new SipTimeoutError('INVITE'))).signalling;
    await expect(silent.startStream(silent.device(CAMERA)!, request)).rejects.toBeInstanceOf(StreamTimeout);
    const busy = fakeGateway(() => Promise.reject(new InviteError('device answered 486 Busy Here', 486))).signalling;
    await expect(busy.startStream(busy.device(CAMERA)!, request)).rejects.toEqual(
      new StreamRefused('device answered 486 Busy Here'),
    );
  });

  it("tells listeners of a device's BYE with the handle the stream was started with", async () => {
    const dialog = dialogOf('c2');
    const { signalling, gateway } = fakeGateway(async () => dialog);
    const ended: unknown[] = [];
    const off = signalling.onStreamEnded((h) => ended.push(h));
    const handle = await signalling.startStream(signalling.device(CAMERA)!, request);
    gateway.invites.onDeviceBye(dialogOf('not ours'));
    gateway.invites.onDeviceBye(dialog);
    expect(ended).toEqual([handle]);
    expect(ended[0]).toBe(handle);
    off();
    gateway.invites.onDeviceBye(dialog);
    expect(ended).toHaveLength(1);
  });

  it('tells listeners the code of a device that went offline, for any reason', () => {
    const { signalling, offline } = fakeGateway(async () => dialogOf('c3'));
    const gone: string[] = [];
    const off = signalling.onDeviceOffline((gbCode) => gone.push(gbCode));
    for (const l of offline) l(reg, 'replaced');
    off();
    expect(offline.size).toBe(0);
    expect(gone).toEqual([CAMERA]);
  });
});
