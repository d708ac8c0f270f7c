// The one typed configuration of the server: environment variables with defaults (README "Configuration").
import { createSecretKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CaptchaModeSchema, LOGIN_NAME_PATTERN } from '@svc/contracts';
import { parseSecretKey } from './crypto/secrets.js';
import {
  deviceListenAddress,
  isWildcard,
  lanAddress,
  type Interfaces,
  type MediaIpSource,
} from './ops/device-addresses.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Names the proxy-address matcher knows for whole private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, an address/prefix, or a range name. */
function isProxyAddress(text: string): boolean {
  if (RANGE_NAMES.has(text)) return true;
  const [ip, bits, ...rest] = text.split('/');
  const family = isIP(ip ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  CONSOLE_ADMIN_LOGIN: z
    .string()
    .regex(LOGIN_NAME_PATTERN, 'must be 4–32 letters or digits starting with a letter')
    .default('admin'),
  CONSOLE_ADMIN_PASSWORD: z.string().min(1).optional(),
  CONSOLE_ADMIN_EMAIL: z.email('must be an email address').optional(),
  LOGIN_CAPTCHA: CaptchaModeSchema.default('after-failures'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  SMTP_FROM: z.string().min(3).default('Surveillance Console <no-reply@localhost>'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  CONSOLE_TITLE: z.string().min(1).optional(),
  WEB_DIST: z.string().optional(),
  SIP_PORT: z.coerce.number().int().min(0).max(65535).default(5060),
  SIP_ID: z
    .string()
    .regex(/^\d{20}$/, 'must be 20 digits')
    .default('34020000002000000001'),
  SIP_DOMAIN: z
    .string()
    .regex(/^\d{10}$/, 'must be 10 digits')
    .optional(),
  SIP_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(64).optional(),
  MEDIA_IP: z.ipv4('must be an IPv4 address').optional(),
  RTP_PORT: z.coerce.number().int().min(0).max(65535).default(30000),
  AI_LOGIN_NAMES: z
    .string()
    .regex(/^(\*|[A-Za-z][A-Za-z0-9]*(\s*,\s*[A-Za-z][A-Za-z0-9]*)*)$/, 'must be * or login names separated by commas')
    .optional(),
  TRUST_PROXY: z
    .string()
    .transform((text, ctx) => {
      if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 10) return Number(text);
      const list = text.split(',').map((s) => s.trim());
      if (list.every(isProxyAddress)) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'must be a hop count (1–10) or proxy addresses / CIDR ranges separated by commas',
      });
      return z.NEVER;
    })
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SECRET_KEY: z
    .string()
    .transform((text, ctx) => {
      const key = parseSecretKey(text);
      if (key) return key;
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes as 64 hex digits or base64' });
      return z.NEVER;
    })
    .optional(),
});

export type Config = {
  /**
   * Whose X-Forwarded-For (and -Proto, -Host) to believe: the proxies in front of the console, by
   * address or hop count; false (unset) believes none, so the address that counts for captcha,
   * lockout and rate limits is the socket's.
   */
  trustProxy: false | number | string[];
  /** Bearer token that opens /metrics from other hosts; unset → loopback only. */
  metricsToken: string | undefined;
  port: number;
  host: string;
  /**
   * Where SIP and RTP listen: HOST, or 0.0.0.0 for a wildcard HOST (devices are told IPv4 addresses),
   * so that the address devices are told answers.
   */
  deviceHost: string;
  dataDir: string;
  databaseUrl: string | undefined;
  admin: { loginName: string; password: string | undefined; email: string | undefined };
  loginCaptcha: z.infer<typeof CaptchaModeSchema>;
  smtpUrl: string | undefined;
  smtpFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Product name; unset → the catalogues' own in each language. */
  title: string | undefined;
  /** Built web console to serve; unset → apps/web/dist when it exists. */
  webDist: string | undefined;
  sip: {
    /** UDP and TCP port of the GB28181 SIP server; 0 picks a free one (tests). */
    port: number;
    /** The platform's 20-digit SIP ID and its domain (the ID's first 10 digits unless set). */
    id: string;
    domain: string;
    /** Digest password for devices without their own; unset → generated once and kept in the database. */
    password: string | undefined;
  };
  media: {
    /**
     * The address devices send media to (SDP c=) and the SIP Via/Contact host: MEDIA_IP, else a
     * specific HOST, else (wildcard HOST) the first LAN IPv4.
     */
    ip: string;
    ipSource: MediaIpSource;
    /** One port, UDP and TCP, receives every device's RTP; streams are told apart by SSRC. 0 = free port. */
    rtpPort: number;
  };
  /**
   * SPEC §2: the AI service and vehicle GPS groups show only for these login names; '*' = everyone,
   * empty = no one.
   */
  aiLoginNames: string[] | '*';
  /**
   * Seals the device passwords kept in the database; unset → DATA_DIR/secret.key, made on first
   * start. A KeyObject, so logging the config cannot print it.
   */
  secretKey: KeyObject | undefined;
};

export class ConfigError extends Error {}

/**
 * Reads the environment; a bad setting throws a ConfigError whose message is one line naming it.
 * `interfaces` (tests) stands for os.networkInterfaces() in choosing the default MEDIA_IP.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, interfaces?: Interfaces): Config {
  // An empty variable means "not set", as in most shells' `VAR= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`bad setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  const deviceHost = deviceListenAddress(e.HOST);
  if (deviceHost === undefined) {
    throw new ConfigError(
      'bad setting HOST: must be an IPv4 address, 0.0.0.0, :: or localhost (GB28181 devices are given an IPv4 address to reach)',
    );
  }
  // A device told an address the platform does not listen on fails its live video: follow HOST.
  const media: Pick<Config['media'], 'ip' | 'ipSource'> = e.MEDIA_IP
    ? { ip: e.MEDIA_IP, ipSource: 'MEDIA_IP' }
    : isWildcard(e.HOST)
      ? { ip: lanAddress(interfaces), ipSource: 'LAN' }
      : { ip: deviceHost, ipSource: 'HOST' };
  return {
    port: e.PORT,
    host: e.HOST,
    deviceHost,
    trustProxy: e.TRUST_PROXY ?? false,
    metricsToken: e.METRICS_TOKEN,
    // Relative to where the user ran `npm start` (npm runs workspace scripts in their own folder).
    dataDir: resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    admin: { loginName: e.CONSOLE_ADMIN_LOGIN, password: e.CONSOLE_ADMIN_PASSWORD, email: e.CONSOLE_ADMIN_EMAIL },
    loginCaptcha: e.LOGIN_CAPTCHA,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    logLevel: e.LOG_LEVEL,
    title: e.CONSOLE_TITLE,
    webDist: e.WEB_DIST,
    sip: { port: e.SIP_PORT, id: e.SIP_ID, domain: e.SIP_DOMAIN ?? e.SIP_ID.slice(0, 10), password: e.SIP_PASSWORD },
    media: { ...media, rtpPort: e.RTP_PORT },
    aiLoginNames:
      e.AI_LOGIN_NAMES === '*' ? '*' : (e.AI_LOGIN_NAMES?.split(',').map((n) => n.trim().toLowerCase()) ?? []),
    secretKey: e.SECRET_KEY ? createSecretKey(e.SECRET_KEY) : undefined,
  };
}
