// Options of a simulator run: their defaults and the checks that reject a bad run before any socket opens.

export type DeviceType = 'ipc' | 'nvr';
export type SipTransport = 'udp' | 'tcp';
export type Codec = 'h264' | 'h265';

export interface SimulatorOptions {
  server: { host: string; port: number };
  platformId?: string;
  domain?: string;
  count: number;
  type: DeviceType;
  channels?: number;
  password: string;
  transport?: SipTransport;
  firstId?: string;
  keepaliveSeconds?: number;
  expires?: number;
  rampSeconds?: number;
  codec?: Codec;
  bindHost?: string;
  retrySeconds?: number;
  log?: (line: string) => void;
}

export interface ResolvedOptions {
  server: { host: string; port: number };
  platformId: string;
  domain: string;
  count: number;
  type: DeviceType;
  channels: number;
  password: string;
  transport: SipTransport;
  firstId: string;
  keepaliveSeconds: number;
  expires: number;
  rampSeconds: number;
  codec: Codec;
  bindHost: string;
  retrySeconds: number;
  log: (line: string) => void;
}

export const DEFAULT_PLATFORM_ID = '34020000002000000001';
const DEFAULT_FIRST_ID: Record<DeviceType, string> = { ipc: '34020000001320000001', nvr: '34020000001180000001' };
const ID_PATTERN = /^\d{20}$/;
export const MAX_NVR_CHANNELS = 99;

function positive(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

function oneOf<T extends string>(name: string, value: T, allowed: readonly T[]): T {
  if (!allowed.includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got ${String(value)}`);
  return value;
}

function twentyDigits(name: string, value: string): string {
  if (!ID_PATTERN.test(value)) throw new Error(`${name} must be 20 digits, got ${value}`);
  return value;
}

/** Fills defaults and throws an Error naming the first bad option. */
export function resolveOptions(o: SimulatorOptions): ResolvedOptions {
  const type = oneOf('type', o.type, ['ipc', 'nvr']);
  const platformId = twentyDigits('platformId', o.platformId ?? DEFAULT_PLATFORM_ID);
  const count = positive('count', o.count, 1, 100_000);
  if (!Number.isInteger(count)) throw new Error(`count must be a whole number, got ${count}`);
  const channels = type === 'ipc' ? 1 : positive('channels', o.channels ?? 8, 1, MAX_NVR_CHANNELS);
  if (!Number.isInteger(channels)) throw new Error(`channels must be a whole number, got ${channels}`);
  const firstId = twentyDigits('firstId', o.firstId ?? DEFAULT_FIRST_ID[type]);
  if (BigInt(firstId) + BigInt(count - 1) >= 10n ** 20n) throw new Error('firstId + count overflows 20 digits');
  if (!o.server.host) throw new Error('server host is empty');
  positive('server port', o.server.port, 1, 65_535);
  if (o.password.length === 0) throw new Error('password is empty');
  return {
    server: { host: o.server.host, port: o.server.port },
    platformId,
    domain: o.domain ?? platformId.slice(0, 10),
    count,
    type,
    channels,
    password: o.password,
    transport: oneOf('transport', o.transport ?? 'udp', ['udp', 'tcp']),
    firstId,
    keepaliveSeconds: positive('keepaliveSeconds', o.keepaliveSeconds ?? 60, 0.05, 86_400),
    expires: positive('expires', o.expires ?? 3600, 1, 864_000),
    rampSeconds: positive('rampSeconds', o.rampSeconds ?? 0, 0, 86_400),
    codec: oneOf('codec', o.codec ?? 'h264', ['h264', 'h265']),
    bindHost: o.bindHost ?? '127.0.0.1',
    retrySeconds: positive('retrySeconds', o.retrySeconds ?? 60, 0.01, 86_400),
    log: o.log ?? (() => undefined),
  };
}
