// The session cookie the server sets: HttpOnly so page script never sees the token, and a GET that
// changes something takes it only with the console's own header, which no cross-site page can add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../helper.js';

const setCookieOf = (headers: Record<string, unknown>): string[] => [headers['set-cookie'] ?? []].flat() as string[];

async function signIn(t: TestApp, headers: Record<string, string> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/api/session/login/rsa',
    headers,
    payload: { loginName: ADMIN.loginName, password: await t.encrypt(ADMIN.password), loginMode: 'main' },
  });
  expect(res.body.code).toBe(1);
  return { token: (res.body.data as { token: string }).token, cookies: setCookieOf(res.headers) };
}

describe('over plain http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sets the token in an HttpOnly, SameSite=Lax cookie for the session’s 3 days, and still answers it', async () => {
    const { token, cookies } = await signIn(t);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookies).toEqual([`token=${token}; Max-Age=259200; Path=/; HttpOnly; SameSite=Lax`]);
  });

  it('signs the caller in by the cookie alone', async () => {
    const { token } = await signIn(t);
    const res = await t.call({ method: 'GET', url: '/api/session/get', cookies: { token } });
    expect(res.body.code).toBe(1);
  });

  it('takes the cookie for a GET that changes something only with the console’s header', async () => {
    const { token } = await signIn(t);
    for (const url of ['/api/employee/updateStatus/999999/0', '/api/employee/resetPasswd/999999']) {
      const bare = await t.call({ method: 'GET', url, cookies: { token } });
      expect(bare.body.code).toBe(1001);
      const withHeader = await t.call({
        method: 'GET',
        url,
        cookies: { token },
        headers: { 'x-console-request': '1' },
      });
      // Past the session check: what answers is the route's own verdict on an employee that is not there.
      expect(withHeader.body.code).not.toBe(1001);
      expect(withHeader.body.code).not.toBe(1);
    }
  });

  it('logOut by the cookie ends the session and clears the cookie', async () => {
    const { token } = await signIn(t);
    const res = await t.call({ method: 'GET', url: '/api/session/logOut', cookies: { token } });
    expect(res.body.code).toBe(1);
    const [cleared, ...more] = setCookieOf(res.headers);
    expect(more).toEqual([]);
    expect(cleared).toMatch(/^token=; Max-Age=0; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    expect((await t.call({ method: 'GET', url: '/api/session/get', cookies: { token } })).body.code).toBe(1001);
    expect((await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } })).body.code).toBe(
      1001,
    );
  });

  it('logOut of a session named in the query ends that one and clears the cookie too', async () => {
    const { token } = await signIn(t);
    const res = await t.call({ method: 'GET', url: `/api/session/logOut?token=${token}` });
    expect(setCookieOf(res.headers)).toEqual([expect.stringMatching(/^token=; Max-Age=0;/)]);
    expect((await t.call({ method: 'GET', url: '/api/session/get', cookies: { token } })).body.code).toBe(1001);
  });
});

describe('behind a trusted proxy that speaks https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('marks the cookie Secure when the proxy says https', async () => {
    const { token, cookies } = await signIn(t, { 'x-forwarded-proto': 'https' });
    expect(cookies).toEqual([`token=${token}; Max-Age=259200; Path=/; HttpOnly; Secure; SameSite=Lax`]);
    const out = await t.call({
      method: 'GET',
      url: '/api/session/logOut',
      cookies: { token },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(setCookieOf(out.headers)).toEqual([
      expect.stringMatching(/^token=; Max-Age=0;.*; HttpOnly; Secure; SameSite=Lax$/),
    ]);
  });

  it('leaves Secure off when the proxy says http', async () => {
    const { cookies } = await signIn(t, { 'x-forwarded-proto': 'http' });
    expect(cookies[0]).not.toMatch(/Secure/);
  });
});
