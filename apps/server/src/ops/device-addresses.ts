// Where devices reach the platform: the address put in SDP c= and SIP Via/Contact, and where SIP and
// RTP listen so that this address answers. GB28181 devices are told an IPv4 address ("IN IP4"), so
// the device side listens on IPv4 only, whatever family HOST is.
import { isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/** What the advertised address was taken from: the setting, a specific HOST, or the first LAN address. */
export type MediaIpSource = 'MEDIA_IP' | 'HOST' | 'LAN';

/** 0.0.0.0 or :: — every address of the machine. */
export function isWildcard(host: string): boolean {
  return host === '0.0.0.0' || (isIPv6(host) && /^[0:]+$/.test(host));
}

/**
 * Where SIP and RTP listen for a HOST: a wildcard HOST is the IPv4 wildcard (:: included, an IPv4
 * socket cannot bind it), loopback names are 127.0.0.1. Undefined: no IPv4 address to listen on.
 */
export function deviceListenAddress(host: string): string | undefined {
  if (isWildcard(host)) return '0.0.0.0';
  if (isIPv4(host)) return host;
  if (host === 'localhost' || host === '::1') return '127.0.0.1';
  return undefined;
}

/** Every IPv4 address of this machine's interfaces, loopback included. */
export function localIPv4(interfaces: Interfaces = networkInterfaces()): string[] {
  return Object.values(interfaces).flatMap((list) =>
    (list ?? []).filter((a) => a.family === 'IPv4').map((a) => a.address),
  );
}

/** The first non-internal IPv4 address, where devices on the LAN can reach us. */
export function lanAddress(interfaces: Interfaces = networkInterfaces()): string {
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

export interface DeviceAddresses {
  /** Advertised to devices (SDP c=, Via/Contact) and where it came from. */
  ip: string;
  source: MediaIpSource;
  /** Where SIP and RTP listen (0.0.0.0 = every IPv4 address). */
  listen: string;
  sipPort: number;
  rtpPort: number;
}

type StartLog = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

const SOURCE_NOTE: Record<MediaIpSource, string> = {
  MEDIA_IP: 'set by MEDIA_IP',
  HOST: 'the HOST address; set MEDIA_IP if devices reach this machine by another',
  LAN: 'the first LAN address; set MEDIA_IP if devices reach this machine by another',
};

/**
 * Why devices may fail to reach the advertised address, or undefined when SIP and RTP listen on it.
 * A NAT in front of the machine is a legitimate reason for the mismatch, so this warns and never
 * refuses the start.
 */
export function addressProblem(a: DeviceAddresses, interfaces: Interfaces = networkInterfaces()): string | undefined {
  if (a.listen !== '0.0.0.0') {
    if (a.ip === a.listen) return undefined;
    return `devices are told to reach ${a.ip} (MEDIA_IP) but SIP and RTP listen only on ${a.listen} (HOST): registration and live video fail unless a NAT forwards ${a.ip} ports ${a.sipPort} and ${a.rtpPort} to ${a.listen}; set MEDIA_IP and HOST to the same address, or HOST=0.0.0.0`;
  }
  const own = localIPv4(interfaces);
  if (!own.includes(a.ip)) {
    return `devices are told to reach ${a.ip} (MEDIA_IP), which is not an address of this machine (${own.join(', ') || 'none'}): registration and live video fail unless a NAT forwards its ports ${a.sipPort} and ${a.rtpPort} to this machine`;
  }
  if (a.source === 'LAN' && a.ip.startsWith('127.')) {
    return `no LAN address found: devices are told to reach ${a.ip}, which only devices on this machine can; set MEDIA_IP`;
  }
  return undefined;
}

/** The start-up lines an operator needs to configure devices, and a warning when they cannot work. */
export function announceDeviceAddresses(
  log: StartLog,
  a: DeviceAddresses & { sipId: string },
  interfaces: Interfaces = networkInterfaces(),
): void {
  log.info(
    { sipId: a.sipId, sipAddress: `${a.ip}:${a.sipPort}`, listen: `${a.listen}:${a.sipPort}` },
    `GB28181 SIP server: devices register at ${a.ip}:${a.sipPort} (UDP and TCP) with server ID ${a.sipId}`,
  );
  log.info(
    { mediaAddress: `${a.ip}:${a.rtpPort}`, mediaIpSource: a.source, listen: `${a.listen}:${a.rtpPort}` },
    `media: devices send live video (RTP, UDP and TCP) to ${a.ip}:${a.rtpPort}, ${SOURCE_NOTE[a.source]}`,
  );
  const problem = addressProblem(a, interfaces);
  if (problem) log.warn({ mediaAddress: a.ip, listen: a.listen }, problem);
}
