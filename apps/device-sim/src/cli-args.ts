// Command-line flags of the simulator CLI, parsed into SimulatorOptions with clear errors.
import { parseArgs } from 'node:util';
import { resolveOptions, type Codec, type DeviceType, type SimulatorOptions, type SipTransport } from './options.js';

export const USAGE = `usage: npm run sim -- --server HOST:PORT --count N --type ipc|nvr --password SECRET
  [--channels 8] [--transport udp|tcp] [--first-id 20DIGITS] [--platform-id 20DIGITS] [--domain 10DIGITS]
  [--keepalive 60] [--expires 3600] [--ramp 0] [--retry 60] [--codec h264|h265] [--bind 127.0.0.1] [--alarms N a minute] [--verbose]`;

export class UsageError extends Error {}

function num(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) throw new UsageError(`--${flag} must be a number, got "${value}"`);
  return n;
}

function server(value: string | undefined): { host: string; port: number } {
  if (value === undefined) throw new UsageError('--server HOST:PORT is required');
  const m = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value);
  if (m === null) throw new UsageError(`--server must be HOST:PORT, got "${value}"`);
  return { host: m[1] as string, port: Number(m[2]) };
}

function choice<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  }
  return value as T;
}

export interface CliConfig {
  options: SimulatorOptions;
  verbose: boolean;
  /** Alarms a minute across the fleet (0: none). */
  alarmsPerMinute: number;
}

/** Throws UsageError for anything the simulator would not run with. */
export function parseCli(argv: string[]): CliConfig {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: 'string' },
        count: { type: 'string' },
        type: { type: 'string' },
        channels: { type: 'string' },
        password: { type: 'string' },
        transport: { type: 'string' },
        'first-id': { type: 'string' },
        'platform-id': { type: 'string' },
        domain: { type: 'string' },
        keepalive: { type: 'string' },
        expires: { type: 'string' },
        ramp: { type: 'string' },
        retry: { type: 'string' },
        codec: { type: 'string' },
        bind: { type: 'string' },
        alarms: { type: 'string' },
        verbose: { type: 'boolean' },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const count = num('count', values.count);
  const type = choice<DeviceType>('type', values.type, ['ipc', 'nvr']);
  if (count === undefined) throw new UsageError('--count N is required');
  if (type === undefined) throw new UsageError('--type ipc|nvr is required');
  if (values.password === undefined) throw new UsageError('--password is required');
  if (type === 'ipc' && values.channels !== undefined && values.channels !== '1') {
    throw new UsageError('--channels applies to --type nvr only (an IPC has one channel)');
  }
  const options: SimulatorOptions = {
    server: server(values.server),
    count,
    type,
    channels: num('channels', values.channels),
    password: values.password,
    transport: choice<SipTransport>('transport', values.transport, ['udp', 'tcp']),
    firstId: values['first-id'],
    platformId: values['platform-id'],
    domain: values.domain,
    keepaliveSeconds: num('keepalive', values.keepalive),
    expires: num('expires', values.expires),
    rampSeconds: num('ramp', values.ramp),
    retrySeconds: num('retry', values.retry),
    codec: choice<Codec>('codec', values.codec, ['h264', 'h265']),
    bindHost: values.bind,
  };
  try {
    resolveOptions(options);
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const alarmsPerMinute = num('alarms', values.alarms) ?? 0;
  if (alarmsPerMinute < 0 || alarmsPerMinute > 600_000) throw new UsageError('--alarms must be 0 to 600000 a minute');
  return { options, verbose: values.verbose === true, alarmsPerMinute };
}
