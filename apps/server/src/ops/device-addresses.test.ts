// The start-up lines that tell an operator where devices register and send video, and the warning
// when that address is not one SIP and RTP listen on.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { announceDeviceAddresses, type Interfaces } from './device-addresses.js';

const interfaces = {
  lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
  eth0: [{ address: '192.168.1.20', family: 'IPv4', internal: false }],
} as unknown as Interfaces;

/** What a start with these settings logs, the ports bound as 5060 and 30000. */
function startLog(env: Record<string, string>, nets: Interfaces = interfaces) {
  const lines: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];
  const log = {
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj, msg }),
  };
  const c = loadConfig(env, nets);
  announceDeviceAddresses(
    log,
    { ip: c.media.ip, source: c.media.ipSource, listen: c.deviceHost, sipPort: 5060, rtpPort: 30000, sipId: c.sip.id },
    nets,
  );
  return { info: lines.filter((l) => l.level === 'info'), warn: lines.filter((l) => l.level === 'warn') };
}

describe('device addresses at start', () => {
  it('names the SIP and media addresses devices must reach: a specific HOST', () => {
    const { info, warn } = startLog({ HOST: '127.0.0.1' });
    expect(info.map((l) => l.msg)).toEqual([
      'GB28181 SIP server: devices register at 127.0.0.1:5060 (UDP and TCP) with server ID 34020000002000000001',
      'media: devices send live video (RTP, UDP and TCP) to 127.0.0.1:30000, the HOST address; set MEDIA_IP if devices reach this machine by another',
    ]);
    expect(info[1]!.obj).toEqual({ mediaAddress: '127.0.0.1:30000', mediaIpSource: 'HOST', listen: '127.0.0.1:30000' });
    expect(warn).toEqual([]);
  });

  it('names the first LAN address for a wildcard HOST, and is content with a MEDIA_IP of this machine', () => {
    const lan = startLog({});
    expect(lan.info[0]!.msg).toContain('devices register at 192.168.1.20:5060');
    expect(lan.info[1]!.msg).toContain('to 192.168.1.20:30000, the first LAN address');
    expect(lan.warn).toEqual([]);
    expect(startLog({ MEDIA_IP: '192.168.1.20' }).warn).toEqual([]);
  });

  it('warns when a specific HOST is not the address devices are told', () => {
    const { info, warn } = startLog({ HOST: '127.0.0.1', MEDIA_IP: '192.168.1.5' });
    expect(info[1]!.msg).toContain('to 192.168.1.5:30000, set by MEDIA_IP');
    expect(warn).toHaveLength(1);
    expect(warn[0]!.msg).toMatch(
      /^devices are told to reach 192\.168\.1\.5 \(MEDIA_IP\) but SIP and RTP listen only on 127\.0\.0\.1 \(HOST\)/,
    );
  });

  it('warns when MEDIA_IP is no address of this machine, and when there is no LAN address to tell', () => {
    const nat = startLog({ MEDIA_IP: '203.0.113.9' }).warn;
    expect(nat).toHaveLength(1);
    expect(nat[0]!.msg).toContain(
      '203.0.113.9 (MEDIA_IP), which is not an address of this machine (127.0.0.1, 192.168.1.20)',
    );
    const alone = startLog({}, { lo: interfaces.lo }).warn;
    expect(alone).toHaveLength(1);
    expect(alone[0]!.msg).toMatch(/^no LAN address found: devices are told to reach 127\.0\.0\.1/);
  });
});
