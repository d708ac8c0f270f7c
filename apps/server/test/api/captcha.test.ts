// LOGIN_CAPTCHA modes: after 3 failures from one address, and always.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp } from '../helper.js';

// Every captcha drawn in these tests reads "AB12", so the test can answer it.
const drawCaptcha = () => ({ text: 'AB12', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });

async function attempt(t: TestApp, password: string, address: string, captcha?: { key: string; code: string }) {
  return t.call({
    method: 'POST',
    url: '/api/session/login/rsa',
    remoteAddress: address,
    payload: {
      loginName: ADMIN.loginName,
      password: await t.encrypt(password),
      loginMode: 'main',
      ...(captcha ? { verificationKey: captcha.key, verificationCode: captcha.code } : {}),
    },
  });
}
const newCaptcha = async (t: TestApp) =>
  (await t.call({ method: 'GET', url: '/api/session/verificationCode' })).body.data as { key: string };

describe('captcha after failures (default mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'after-failures' }, { drawCaptcha });
  });
  afterAll(() => t.close());

  it('asks for a captcha after 3 failures from one address, and only there', async () => {
    expect((await attempt(t, 'Wrong@1', '10.1.0.1')).body).toMatchObject({
      code: 14020,
      data: { captchaRequired: false },
    });
    await attempt(t, 'Wrong@1', '10.1.0.1');
    expect((await attempt(t, 'Wrong@1', '10.1.0.1')).body).toMatchObject({
      code: 14020,
      data: { captchaRequired: true },
    });
    const refused = await attempt(t, ADMIN.password, '10.1.0.1');
    expect(refused).toMatchObject({ status: 400, body: { code: 1002, data: { captchaRequired: true } } });
    expect((await attempt(t, ADMIN.password, '10.1.0.2')).body.code).toBe(1);
  });

  it('signs in with the right captcha, which works once; a wrong one is refused', async () => {
    const wrong = await newCaptcha(t);
    expect((await attempt(t, ADMIN.password, '10.1.0.1', { key: wrong.key, code: 'ZZZZ' })).body.code).toBe(1002);
    const { key } = await newCaptcha(t);
    expect((await attempt(t, ADMIN.password, '10.1.0.1', { key, code: 'ab12' })).body.code).toBe(1);
    // Success cleared the address: no captcha needed now, and the used key is worthless anyway.
    expect((await attempt(t, ADMIN.password, '10.1.0.1')).body.code).toBe(1);
  });

  it('forgets failures after 30 minutes', async () => {
    for (let i = 0; i < 3; i++) await attempt(t, 'Wrong@1', '10.1.0.3');
    expect((await attempt(t, ADMIN.password, '10.1.0.3')).body.code).toBe(1002);
    t.clock.advance(31 * 60_000);
    expect((await attempt(t, ADMIN.password, '10.1.0.3')).body.code).toBe(1);
  });

  it('refuses an expired captcha', async () => {
    for (let i = 0; i < 3; i++) await attempt(t, 'Wrong@1', '10.1.0.4');
    const { key } = await newCaptcha(t);
    t.clock.advance(6 * 60_000);
    expect((await attempt(t, ADMIN.password, '10.1.0.4', { key, code: 'AB12' })).body.code).toBe(1002);
  });
});

describe('captcha always', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'always' }, { drawCaptcha });
  });
  afterAll(() => t.close());

  it('says so in the branding and asks on the first try', async () => {
    expect((await t.call({ method: 'POST', url: '/api/index/info' })).body.data).toMatchObject({
      loginCaptcha: 'always',
    });
    expect((await attempt(t, ADMIN.password, '10.2.0.1')).body.code).toBe(1002);
    const { key } = await newCaptcha(t);
    expect((await attempt(t, ADMIN.password, '10.2.0.1', { key, code: 'AB12' })).body.code).toBe(1);
  });
});
