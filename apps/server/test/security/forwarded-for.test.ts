// X-Forwarded-For is believed only from the proxies TRUST_PROXY names: a client that writes its
// own cannot shake off the per-address captcha (nor the lockout and rate limits keyed the same way).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helper.js';

async function attempt(t: TestApp, password: string, socket: string, forwardedFor?: string) {
  const res = await t.call({
    method: 'POST',
    url: '/api/session/login/rsa',
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { loginName: ADMIN.loginName, password: await t.encrypt(password), loginMode: 'main' },
  });
  return res.body.code;
}

describe('with no TRUST_PROXY (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'after-failures' });
  });
  afterAll(() => t.close());

  it('counts failures by the socket address, whatever X-Forwarded-For says', async () => {
    for (let i = 1; i <= 3; i++) expect(await attempt(t, 'Wrong@pass1', '10.9.0.1', `198.51.100.${i}`)).toBe(14020);
    // The fourth try, right password and yet another forwarded address: the captcha is due.
    expect(await attempt(t, ADMIN.password, '10.9.0.1', '198.51.100.99')).toBe(1002);
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'after-failures', TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('counts by the client address the proxy forwards, and only the proxy’s', async () => {
    for (let i = 0; i < 3; i++) await attempt(t, 'Wrong@pass1', '127.0.0.1', '203.0.113.1');
    expect(await attempt(t, ADMIN.password, '127.0.0.1', '203.0.113.1')).toBe(1002);
    // Another client behind the same proxy is not held up by the first one's failures.
    expect(await attempt(t, ADMIN.password, '127.0.0.1', '203.0.113.2')).toBe(1);
    // A host that is not the proxy cannot borrow a forwarded address.
    for (let i = 0; i < 3; i++) await attempt(t, 'Wrong@pass1', '10.9.0.2', `203.0.113.${10 + i}`);
    expect(await attempt(t, ADMIN.password, '10.9.0.2', '203.0.113.50')).toBe(1002);
  });
});

describe('with TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'after-failures', TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('believes the one address the nearest proxy added, not what the client wrote before it', async () => {
    // The client wrote 198.51.100.x itself; the proxy appended the address it saw, 203.0.113.7.
    for (let i = 1; i <= 3; i++) await attempt(t, 'Wrong@pass1', '10.9.0.3', `198.51.100.${i}, 203.0.113.7`);
    expect(await attempt(t, ADMIN.password, '10.9.0.3', '198.51.100.77, 203.0.113.7')).toBe(1002);
    expect(await attempt(t, ADMIN.password, '10.9.0.3', '203.0.113.8')).toBe(1);
  });
});
