// What every answer carries (content security policy, no framing, no sniffing, same-origin referrers),
// who may read /metrics, and that recovery codes never rest in the outbox in clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp } from '../helper.js';
import { until } from '../wait.js';

const TOKEN = 'metrics-token-0123456789';

describe('security headers', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    // Over a real socket: the headers are set where requests enter the HTTP server.
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it.each([
    ['/', 'page'],
    ['/project/device', 'page'],
    ['/no/such/page', 'page'],
    ['/api/session/get', 'data'],
    ['/rsa/getkey', 'data'],
    ['/healthz', 'data'],
    ['/upload/alarm/1', 'data'],
  ])('are on the answer to %s (%s)', async (path, kind) => {
    const res = await fetch(`${base}${path}`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    // A page runs only the console's own scripts; data, opened as a page, runs nothing at all.
    if (kind === 'page') {
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("object-src 'none'");
    } else expect(csp).toMatch(/^default-src 'none';/);
  });
});

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const scrape = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('answers a scraper on this host', async () => {
    expect((await scrape('127.0.0.1')).statusCode).toBe(200);
    expect((await scrape('::1')).statusCode).toBe(200);
  });

  it('refuses other hosts unless they show the token', async () => {
    expect((await scrape('10.2.0.7')).statusCode).toBe(403);
    expect((await scrape('10.2.0.7', { authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(403);
    const ok = await scrape('10.2.0.7', { authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_request_duration_seconds');
  });

  it('refuses a client a local proxy forwards', async () => {
    expect((await scrape('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
  });
});

describe('the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the platform operator a recovery message with its code masked', async () => {
    const send = await t.call({
      method: 'GET',
      url: `/api/reset/sendCode?userName=${ADMIN.loginName}&type=email`,
    });
    expect(send.body.code).toBe(1);
    // The code goes out after the answer (the answer must not tell whether the name is real).
    const mail = await until('the recovery mail', () => t.sent.at(-1));
    const code = /\d{6}/.exec(mail.body)![0];
    const admin = await t.login(ADMIN.loginName, ADMIN.password);
    const page = await t.call({
      method: 'POST',
      url: '/api/outbox/page/query',
      headers: { xaccesstoken: admin },
      payload: { page: 1, size: 10 },
    });
    const list = (page.body.data as { list: { body: string | null }[] }).list;
    expect(list.length).toBeGreaterThan(0);
    expect(JSON.stringify(list)).not.toContain(code);
    expect(list[0]!.body).toContain('••••••');
  });
});
