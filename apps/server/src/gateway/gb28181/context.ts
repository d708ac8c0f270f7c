// What every part of the gateway shares, and how the platform addresses a registered device.
import { buildRequest, newBranch, newCallId, newTag, type ClientTransactions, type SipRequest } from '@svc/gb28181';
import type { KeyObject } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { DeviceWriter } from './devices.js';
import type { Registry } from './registry.js';
import type { Peer, SipTransport } from './transport.js';

export interface GatewaySettings {
  /** The platform's SIP ID and domain (realm of digest authentication). */
  id: string;
  domain: string;
  /**
   * The platform-wide default password: the digest password of a known device stored with an empty
   * one (only an operator makes those). It never enrols a device and is never shown to an enterprise.
   */
  password: string;
  /** Address put in Via/Contact/SDP: where devices reach us. */
  ip: string;
  /** Bound SIP port, known after listen. */
  port: number;
  /** Spread of the DeviceInfo+Catalog sync after a registration, so a mass restart does not stampede. */
  syncJitterMs: number;
  syncConcurrency: number;
}

export interface GatewayContext {
  db: Db;
  log: Logger;
  settings: GatewaySettings;
  transport: SipTransport;
  transactions: ClientTransactions<Peer>;
  registry: Registry;
  /** Seals and opens the device passwords kept in the database. */
  secretKey: KeyObject;
  /** Where device, channel and registration rows are written: the device module's (useDevices). */
  devices: DeviceWriter;
  now: () => number;
}

export const USER_AGENT = 'Surveillance Console GB28181';

/** A request from the platform to a device (or one of its channels) on its registered transport. */
export function requestTo(
  ctx: GatewayContext,
  peer: Peer,
  target: string,
  method: string,
  o: {
    body?: Buffer;
    contentType?: string;
    callId?: string;
    fromTag?: string;
    toTag?: string;
    cseq?: number;
    headers?: [string, string][];
    requestUri?: string;
  } = {},
): SipRequest {
  const s = ctx.settings;
  return buildRequest({
    method,
    uri: o.requestUri ?? `sip:${target}@${peer.address}:${peer.port}`,
    from: { uri: `sip:${s.id}@${s.domain}`, tag: o.fromTag ?? newTag() },
    to: { uri: `sip:${target}@${s.domain}`, ...(o.toTag ? { tag: o.toTag } : {}) },
    callId: o.callId ?? newCallId(s.ip),
    cseq: o.cseq ?? 1,
    via: { transport: peer.transport, host: s.ip, port: s.port, branch: newBranch(), rport: true },
    contact: `<sip:${s.id}@${s.ip}:${s.port}>`,
    userAgent: USER_AGENT,
    ...(o.headers ? { headers: o.headers } : {}),
    ...(o.body ? { body: o.body } : {}),
    ...(o.contentType ? { contentType: o.contentType } : {}),
  });
}
