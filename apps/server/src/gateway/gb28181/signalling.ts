// The gateway as the media side's Signalling: registrations are stream devices, INVITE dialogs are
// streams, a device's BYE or going offline ends them.
import {
  StreamRefused,
  StreamTimeout,
  type Signalling,
  type StreamDevice,
  type StreamHandle,
  type StreamRequest,
} from '../../media/signalling.js';
import type { Gb28181Gateway } from './gateway.js';
import { InviteError, type Dialog } from './invite.js';
import type { Registration } from './registry.js';
import { SipTimeoutError } from '@svc/gb28181';

class RegisteredDevice implements StreamDevice {
  constructor(readonly reg: Registration) {}
  get gbCode(): string {
    return this.reg.gbCode;
  }
  get peer(): Registration['peer'] {
    return this.reg.peer;
  }
}

class DialogStream implements StreamHandle {
  constructor(readonly dialog: Dialog) {}
  get deviceMedia(): StreamHandle['deviceMedia'] {
    return { host: this.dialog.answer.connection, port: this.dialog.answer.media?.port };
  }
}

export class Gb28181Signalling implements Signalling {
  /** The stream of each dialog it started, so a device's BYE names the same handle. */
  private readonly streams = new WeakMap<Dialog, DialogStream>();
  private readonly endedListeners = new Set<(handle: StreamHandle) => void>();

  constructor(private readonly gateway: Gb28181Gateway) {}

  get platformId(): string {
    return this.gateway.settings.id;
  }

  get mediaIp(): string {
    return this.gateway.settings.ip;
  }

  device(gbCode: string): StreamDevice | undefined {
    const reg = this.gateway.registration(gbCode);
    return reg ? new RegisteredDevice(reg) : undefined;
  }

  async startStream(device: StreamDevice, r: StreamRequest): Promise<StreamHandle> {
    // The registration found when the view started, even if the device re-registers meanwhile.
    const reg = device instanceof RegisteredDevice ? device.reg : this.gateway.registration(device.gbCode);
    if (!reg) throw new StreamRefused('device is not registered');
    let dialog: Dialog;
    try {
      dialog = await this.gateway.invites.invite(reg, r);
    } catch (err) {
      if (err instanceof SipTimeoutError) throw new StreamTimeout(err.message);
      if (err instanceof InviteError) throw new StreamRefused(err.message);
      throw err;
    }
    const stream = new DialogStream(dialog);
    this.streams.set(dialog, stream);
    return stream;
  }

  async stopStream(handle: StreamHandle): Promise<void> {
    if (handle instanceof DialogStream) await this.gateway.bye(handle.dialog);
  }

  onStreamEnded(listener: (handle: StreamHandle) => void): () => void {
    this.gateway.invites.onDeviceBye = (dialog) => {
      const stream = this.streams.get(dialog);
      if (stream) for (const l of this.endedListeners) l(stream);
    };
    this.endedListeners.add(listener);
    return () => void this.endedListeners.delete(listener);
  }

  onDeviceOffline(listener: (gbCode: string) => void): () => void {
    const off = this.gateway.onOffline((reg) => listener(reg.gbCode));
    return () => void off();
  }
}
