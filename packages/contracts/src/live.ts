// Live view (SPEC §7 livePlayUrl; docs/contracts/live-api.md) and the platform's SIP settings that a
// user adding a device needs to configure it.
import { z } from 'zod';
import { IdSchema } from './common.js';

export const LiveStreamSchema = z.enum(['main', 'sub']).describe('main or sub stream');

export const LivePlayUrlSchema = z
  .object({
    deviceId: IdSchema,
    channel: z.number().int().min(1).max(1024).describe('1-based channel number; 1 for an IP camera'),
    stream: LiveStreamSchema.default('main'),
  })
  .meta({ id: 'LivePlayUrl' });
export type LivePlayUrl = z.infer<typeof LivePlayUrlSchema>;

export const LivePlayAnswerSchema = z
  .object({
    wsUrl: z.string().describe('fMP4 over WebSocket, relative to the console origin; signed'),
    hlsUrl: z.string().describe('HLS playlist (fMP4 segments), relative; signed'),
    expiresAt: z.string().describe('until when the URLs can be opened (ISO 8601)'),
    codec: z.enum(['h264', 'h265']),
    mime: z.string().describe('for MediaSource.isTypeSupported'),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'LivePlayAnswer' });
export type LivePlayAnswer = z.infer<typeof LivePlayAnswerSchema>;

export const SipServerSchema = z
  .object({
    id: z.string().describe('the platform SIP ID (20 digits)'),
    domain: z.string().describe('the SIP domain (realm)'),
    ip: z.string().describe('address devices register to'),
    port: z.number().int().describe('SIP port, UDP and TCP'),
    administrator: z
      .boolean()
      .describe(
        "whether the caller administers the enterprise (its main account, or the platform's super administrator): only they see and regenerate the enrolment secret",
      ),
    enrolmentSecret: z
      .string()
      .nullable()
      .describe(
        "the enterprise's enrolment secret, the SIP password of devices that enrol themselves (regional configuration); for administrators only, null for others and before a regional configuration is saved",
      ),
  })
  .meta({ id: 'SipServer' });
export type SipServer = z.infer<typeof SipServerSchema>;

export const EnrolmentSecretSchema = z
  .object({
    enrolmentSecret: z
      .string()
      .describe('the new enrolment secret; devices already enrolled keep the password they enrolled with'),
  })
  .meta({ id: 'EnrolmentSecret' });
export type EnrolmentSecret = z.infer<typeof EnrolmentSecretSchema>;
