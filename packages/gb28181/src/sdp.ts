// SDP as GB28181 uses it for INVITE (RFC 4566 plus the y= SSRC and f= media-format lines of GB/T 28181 appendix F).
import { fail, ok, type ParseResult } from './result.js';

/** From the platform's point of view: TCP-PASSIVE = platform listens, device connects. */
export type StreamMode = 'UDP' | 'TCP-PASSIVE' | 'TCP-ACTIVE';
export interface InviteSdpArgs {
  channelId: string;
  platformId: string;
  ip: string;
  port: number;
  ssrc: string;
  mode: StreamMode;
  session: 'Play' | 'Playback' | 'Download';
  start?: number;
  end?: number;
  downloadSpeed?: number;
}
export interface Sdp {
  origin?: { username: string; address: string };
  sessionName?: string;
  connection?: string;
  media?: { type: string; port: number; proto: string; formats: number[] };
  attributes: [string, string][];
  ssrc?: string;
  time?: [number, number];
  uri?: string;
  setup?: 'active' | 'passive' | 'actpass';
  rtpmap: Map<number, string>;
  /** The GB28181 f= media description, verbatim. */
  format?: string;
}

function proto(mode: StreamMode): string {
  return mode === 'UDP' ? 'RTP/AVP' : 'TCP/RTP/AVP';
}

function tcpLines(mode: StreamMode, setup: 'active' | 'passive' | undefined): string[] {
  return mode === 'UDP' || setup === undefined ? [] : [`a=setup:${setup}`, 'a=connection:new'];
}

/** The platform's offer: receive-only, PS preferred, H.264 and MPEG-4 offered as fallbacks. */
export function buildInviteSdp(a: InviteSdpArgs): string {
  const history = a.session !== 'Play';
  const lines = [
    'v=0',
    `o=${a.platformId} 0 0 IN IP4 ${a.ip}`,
    `s=${a.session}`,
    ...(history ? [`u=${a.channelId}:0`] : []),
    `c=IN IP4 ${a.ip}`,
    history ? `t=${a.start ?? 0} ${a.end ?? 0}` : 't=0 0',
    `m=video ${a.port} ${proto(a.mode)} 96 97 98`,
    'a=recvonly',
    'a=rtpmap:96 PS/90000',
    'a=rtpmap:98 H264/90000',
    'a=rtpmap:97 MPEG4/90000',
    ...tcpLines(a.mode, a.mode === 'TCP-PASSIVE' ? 'passive' : 'active'),
    ...(a.session === 'Download' && a.downloadSpeed !== undefined ? [`a=downloadspeed:${a.downloadSpeed}`] : []),
    `y=${a.ssrc}`,
    'f=',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** Device's answer to an INVITE offer (sendonly, same SSRC, its own ip/port, setup inverse of the offer). */
export function buildAnswerSdp(a: {
  deviceId: string;
  ip: string;
  port: number;
  ssrc: string;
  mode: StreamMode;
  codec: 'h264' | 'h265';
  session?: 'Play' | 'Playback' | 'Download';
}): string {
  // f= video codec numbers per appendix F: 2 = H.264, 5 = H.265 (2022).
  const codec = a.codec === 'h264' ? 2 : 5;
  const lines = [
    'v=0',
    `o=${a.deviceId} 0 0 IN IP4 ${a.ip}`,
    `s=${a.session ?? 'Play'}`,
    `c=IN IP4 ${a.ip}`,
    't=0 0',
    `m=video ${a.port} ${proto(a.mode)} 96`,
    'a=sendonly',
    'a=rtpmap:96 PS/90000',
    ...tcpLines(a.mode, a.mode === 'TCP-PASSIVE' ? 'active' : 'passive'),
    `y=${a.ssrc}`,
    `f=v/${codec}////a///`,
  ];
  return `${lines.join('\r\n')}\r\n`;
}

function parseMedia(value: string): Sdp['media'] | undefined {
  const parts = value.trim().split(/\s+/);
  if (parts.length < 3) return undefined;
  const port = /^\d{1,5}(\/\d+)?$/.test(parts[1]!) ? parseInt(parts[1]!, 10) : NaN;
  if (!(port >= 0 && port <= 65535)) return undefined;
  const formats = parts
    .slice(3)
    .filter((f) => /^\d{1,3}$/.test(f))
    .map(Number);
  return { type: parts[0]!, port, proto: parts[2]!, formats };
}

function applyAttribute(sdp: Sdp, value: string): void {
  const colon = value.indexOf(':');
  const name = colon < 0 ? value : value.slice(0, colon);
  const v = colon < 0 ? '' : value.slice(colon + 1).trim();
  sdp.attributes.push([name, v]);
  if (name === 'setup' && (v === 'active' || v === 'passive' || v === 'actpass')) sdp.setup = v;
  const rtpmap = name === 'rtpmap' ? /^(\d{1,3})\s+(\S+)/.exec(v) : null;
  if (rtpmap) sdp.rtpmap.set(Number(rtpmap[1]), rtpmap[2]!);
}

function applyLine(sdp: Sdp, type: string, value: string): void {
  switch (type) {
    case 'o': {
      const p = value.trim().split(/\s+/);
      if (p.length >= 6) sdp.origin = { username: p[0]!, address: p[5]! };
      break;
    }
    case 's':
      sdp.sessionName = value;
      break;
    case 'u':
      sdp.uri = value.trim();
      break;
    case 'c': {
      const c = /^IN\s+IP[46]\s+(\S+)/i.exec(value.trim());
      if (c) sdp.connection = c[1]!.split('/')[0];
      break;
    }
    case 't': {
      const t = /^(\d{1,20})\s+(\d{1,20})/.exec(value.trim());
      if (t) sdp.time = [Number(t[1]), Number(t[2])];
      break;
    }
    case 'm':
      // The first m-line wins: GB28181 sessions carry one video stream (audio, when present, comes after).
      sdp.media ??= parseMedia(value);
      break;
    case 'a':
      applyAttribute(sdp, value);
      break;
    case 'y':
      if (/^\d{1,10}$/.test(value.trim())) sdp.ssrc = value.trim();
      break;
    case 'f':
      sdp.format = value;
      break;
  }
}

export function parseSdp(text: string): ParseResult<Sdp> {
  if (text.length > 64 * 1024) return fail('SDP too long');
  const lines = text.split(/\r?\n/).filter((l) => l.trim().length > 0);
  if (lines[0]?.trim() !== 'v=0') return fail('SDP does not start with v=0');
  const sdp: Sdp = { attributes: [], rtpmap: new Map() };
  for (const line of lines.slice(1)) {
    // Lines that are not `x=value` are skipped: devices append junk, and the lines we need are well-formed.
    if (line.length < 2 || line[1] !== '=' || !/[a-z]/.test(line[0]!)) continue;
    applyLine(sdp, line[0]!, line.slice(2));
  }
  return ok(sdp);
}

/**
 * SSRC per the standard: 0 live / 1 history, then 5 digits of the domain (platform ID characters 3..7, zero-based),
 * then a 4-digit sequence (taken modulo 10,000 so a wrapping counter stays valid).
 */
export function makeSsrc(kind: 'live' | 'history', platformId: string, seq: number): string {
  const domain = platformId.substring(3, 8);
  if (!/^\d{5}$/.test(domain)) throw new RangeError(`platform ID ${platformId} has no 5 domain digits at 3..7`);
  const n = ((Math.trunc(seq) % 10000) + 10000) % 10000;
  return `${kind === 'live' ? '0' : '1'}${domain}${String(n).padStart(4, '0')}`;
}
