// The typed configuration: defaults, and one line naming a bad setting.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
