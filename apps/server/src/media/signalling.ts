// What live video needs from device signalling: where a device is, starting and stopping one of its
// streams, and hearing when a device ends a stream or goes offline. The GB28181 gateway provides it.
import type { StreamMode } from '@svc/gb28181';

/** A device that signalling can reach now. */
export interface StreamDevice {
  readonly gbCode: string;
  /** Where its signalling comes from; its RTP is expected from the same address. */
  readonly peer: { readonly transport: string; readonly address: string; readonly port: number };
}

export interface StreamRequest {
  channelCode: string;
  /** The SSRC as its 10 decimal digits. */
  ssrc: string;
  mode: StreamMode;
  /** The port the device is told to send to (at `mediaIp`). */
  mediaPort: number;
  timeoutMs: number;
  /** 0 main, 1 sub. */
  streamNumber?: number;
}

/** A running stream, as the device agreed to it. */
export interface StreamHandle {
  /** Where the device takes the platform's media connection (TCP-ACTIVE), from its answer. */
  readonly deviceMedia: { readonly host: string | undefined; readonly port: number | undefined };
}

/** The device did not answer the stream request in time. */
export class StreamTimeout extends Error {}

/** The device refused the stream or answered something unusable; the message says what it answered. */
export class StreamRefused extends Error {}

export interface Signalling {
  /** The platform's id, which the SSRCs it hands out start from. */
  readonly platformId: string;
  /** The address devices are told to send media to. */
  readonly mediaIp: string;
  device(gbCode: string): StreamDevice | undefined;
  /** Rejects with StreamTimeout or StreamRefused when the device does not agree. */
  startStream(device: StreamDevice, request: StreamRequest): Promise<StreamHandle>;
  /** Tells the device to stop; never fails (a device that is gone cannot answer, and the stream is over). */
  stopStream(handle: StreamHandle): Promise<void>;
  /** The device ended a stream itself. Answers the unsubscribe function. */
  onStreamEnded(listener: (handle: StreamHandle) => void): () => void;
  /** The device went offline: its streams are over and cannot be stopped. Answers the unsubscribe function. */
  onDeviceOffline(listener: (gbCode: string) => void): () => void;
}
