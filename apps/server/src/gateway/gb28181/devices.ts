// The rows a device's signalling changes but the gateway does not own: the device module writes
// devices, channels and the activity their comings and goings leave, and hands the gateway these
// writers when it registers (gateway.useDevices); the gateway never imports the module.
import type { CatalogEvent } from '@svc/gb28181';
import type { SealedSecret } from '../../crypto/secrets.js';

export type DevType = 'IPC' | 'NVR' | 'DVR';

/** What a device's catalog says of one of its channels, as the channel row keeps it. */
export interface ReportedChannel {
  gb_code: string;
  channel_title: string;
  /** 0 playable, -1 not (OFF, VLOST, DEFECT). */
  main: number;
  longitude: number | null;
  latitude: number | null;
  camera_type: 'ordinary' | 'speedDome' | 'hemisphere';
}

/** A device's registration as it is recorded: where it is reached, until when. */
export interface OnlineRow {
  id: number;
  transport: 'UDP' | 'TCP';
  address: string;
  port: number;
  expiresAt: Date;
  at: Date;
}

export interface DeviceWriter {
  /** Creates the device an auto-enrolling registration named (a camera with its channel 1). */
  enrol(d: {
    enterpriseId: number;
    projectId: number;
    gbCode: string;
    devType: DevType;
    password: SealedSecret;
  }): Promise<{ id: number; enterprise_id: number; dev_type: DevType; keepalive_interval: number }>;
  /**
   * A whole catalog: channels matched by GB code (those made before it, without one, taken over in
   * order), new ones numbered after the last, those no longer listed removed.
   */
  syncChannels(device: { id: number; enterpriseId: number }, channels: ReportedChannel[]): Promise<void>;
  /** One catalog event: DEL removes the channel; any other updates it, and ADD or UPDATE make a new one. */
  channelEvent(
    device: { id: number; enterpriseId: number },
    event: CatalogEvent | undefined,
    channel: ReportedChannel,
  ): Promise<void>;
  /** Registrations, many at once; a device named twice keeps its last. */
  markOnline(rows: OnlineRow[]): Promise<void>;
  markOffline(ids: number[]): Promise<void>;
  /** At start: UDP registrations still valid survive a restart; everything else goes offline. */
  restorable(now: Date): Promise<
    {
      id: number;
      enterprise_id: number;
      dev_type: DevType;
      gb_code: string | null;
      sip_address: string | null;
      sip_port: number | null;
      register_expires_at: Date | null;
      keepalive_interval: number;
    }[]
  >;
}

const unavailable = () => Promise.reject(new Error('no device module has registered its writers (gateway.useDevices)'));

/** Until the device module registers its writers: nothing to write with. */
export const noDeviceWriter: DeviceWriter = {
  enrol: unavailable,
  syncChannels: unavailable,
  channelEvent: unavailable,
  markOnline: unavailable,
  markOffline: unavailable,
  restorable: unavailable,
};
