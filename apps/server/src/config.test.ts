// The typed configuration: defaults, and one line naming a bad setting.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import type { Interfaces } from './ops/device-addresses.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      loginCaptcha: 'after-failures',
      logLevel: 'info',
    });
    expect(c.admin).toEqual({ loginName: 'admin', password: undefined, email: undefined });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('reads a relative DATA_DIR from where npm was started', () => {
    expect(loadConfig({ INIT_CWD: '/srv/console', DATA_DIR: './data' }).dataDir).toBe('/srv/console/data');
    expect(loadConfig({ INIT_CWD: '/srv/console', DATA_DIR: '/var/lib/console' }).dataDir).toBe('/var/lib/console');
  });

  it('reads the login names that see the AI groups: a list, everyone, or no one', () => {
    expect(loadConfig({ AI_LOGIN_NAMES: 'Ops1, lilei' }).aiLoginNames).toEqual(['ops1', 'lilei']);
    expect(loadConfig({ AI_LOGIN_NAMES: '*' }).aiLoginNames).toBe('*');
    expect(loadConfig({}).aiLoginNames).toEqual([]);
  });

  it('reads SECRET_KEY as 32 bytes, written in hex or base64 alike, and leaves it unset by default', () => {
    const bytes = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
    for (const text of [bytes.toString('hex'), bytes.toString('base64')]) {
      expect(loadConfig({ SECRET_KEY: text }).secretKey?.export().equals(bytes)).toBe(true);
    }
    expect(loadConfig({}).secretKey).toBeUndefined();
  });

  it('believes no proxy unless told which: addresses and ranges, or a hop count', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  describe('the address devices are told (MEDIA_IP) and where SIP and RTP listen', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      eth0: [
        { address: 'fe80::1', family: 'IPv6', internal: false },
        { address: '192.168.1.20', family: 'IPv4', internal: false },
      ],
      eth1: [{ address: '10.0.0.7', family: 'IPv4', internal: false }],
    } as unknown as Interfaces;
    const devices = (env: Record<string, string>) => {
      const c = loadConfig(env, interfaces);
      return { ip: c.media.ip, source: c.media.ipSource, listen: c.deviceHost, host: c.host };
    };

    it('follows a specific HOST, and listens on it', () => {
      expect(devices({ HOST: '127.0.0.1' })).toEqual({
        ip: '127.0.0.1',
        source: 'HOST',
        listen: '127.0.0.1',
        host: '127.0.0.1',
      });
      expect(devices({ HOST: '10.0.0.7' })).toEqual({
        ip: '10.0.0.7',
        source: 'HOST',
        listen: '10.0.0.7',
        host: '10.0.0.7',
      });
      // Loopback names: the device side is IPv4, HTTP keeps the name.
      expect(devices({ HOST: 'localhost' })).toEqual({
        ip: '127.0.0.1',
        source: 'HOST',
        listen: '127.0.0.1',
        host: 'localhost',
      });
      expect(devices({ HOST: '::1' })).toMatchObject({ ip: '127.0.0.1', listen: '127.0.0.1', host: '::1' });
    });

    it('keeps the first LAN IPv4 for a wildcard HOST, and listens on every IPv4 address', () => {
      expect(devices({})).toEqual({ ip: '192.168.1.20', source: 'LAN', listen: '0.0.0.0', host: '0.0.0.0' });
      expect(devices({ HOST: '::' })).toEqual({ ip: '192.168.1.20', source: 'LAN', listen: '0.0.0.0', host: '::' });
      // Nothing but loopback: the only address there is.
      expect(loadConfig({}, { lo: interfaces.lo }).media.ip).toBe('127.0.0.1');
    });

    it('lets an explicit MEDIA_IP win over HOST and the LAN address', () => {
      expect(devices({ HOST: '127.0.0.1', MEDIA_IP: '203.0.113.9' })).toEqual({
        ip: '203.0.113.9',
        source: 'MEDIA_IP',
        listen: '127.0.0.1',
        host: '127.0.0.1',
      });
      expect(devices({ MEDIA_IP: '10.0.0.7' })).toMatchObject({
        ip: '10.0.0.7',
        source: 'MEDIA_IP',
        listen: '0.0.0.0',
      });
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 8080, databaseUrl: undefined });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOGIN_CAPTCHA', 'sometimes'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
    ['CONSOLE_ADMIN_LOGIN', '9admin'],
    ['CONSOLE_ADMIN_EMAIL', 'not-an-email'],
    ['AI_LOGIN_NAMES', 'ops,9bad'],
    ['SECRET_KEY', 'correct horse battery staple'],
    ['TRUST_PROXY', 'true'],
    ['MEDIA_IP', 'camera-gateway.lan'],
    // Devices are given an IPv4 address: a name or an IPv6 address leaves none to listen on.
    ['HOST', 'console.example.com'],
    ['HOST', 'fd00::2'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '0'],
    ['METRICS_TOKEN', 'short'],
    ['SECRET_KEY', '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e'],
    ['SECRET_KEY', 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHg=='],
  ])('refuses %s=%s with one line naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(`bad setting ${name}:`)).toBe(true);
    expect(message).not.toContain('\n');
  });
});
