// Sign-in, session, sign-out, lockout, captcha (and the LOGIN_CAPTCHA modes, each on an app of its own) and
// password change through the HTTP API.
import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp } from '../helper.js';
import { countRows, createEnterprise, createUser, uniqueLogin } from '../factories.js';
import { TTL_MS } from '../../src/modules/session/cache.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = async (loginName: string, password: string, extra: Record<string, unknown> = {}) =>
  t.call({
    method: 'POST',
    url: '/api/session/login/rsa',
    payload: { loginName, password: await t.encrypt(password), loginMode: 'main', ...extra },
  });

describe('sign-in', () => {
  it('hands out an RSA public key as PEM SPKI', async () => {
    const res = await t.call({ method: 'GET', url: '/rsa/getkey?username=admin' });
    expect(res.body.code).toBe(1);
    const data = res.body.data as { publicKey: string; algorithm: string };
    expect(data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(data.algorithm).toBe('RSA-OAEP-256');
  });

  it('signs the platform main account in and answers its session', async () => {
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const res = await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } });
    expect(res.body.code).toBe(1);
    expect(res.body.data).toMatchObject({
      loginName: 'admin',
      isSuperMan: true,
      isCloudAccount: false,
      userLoginInfo: { loginMode: 'main' },
      userAccount: { loginName: 'admin', email: ADMIN.email, enterpriseName: 'Platform operator' },
    });
    const data = res.body.data as { privilegeList: { key: string }[]; userPrivilegeKeys: string[] };
    expect(data.userPrivilegeKeys).toContain('project-add');
    expect(data.privilegeList.map((p) => p.key)).toEqual(data.userPrivilegeKeys);
  });

  it('names the platform enterprise in the reader’s language while it keeps its first-start name', async () => {
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    const nameIn = async (language: string) =>
      (
        (await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token, language } })).body
          .data as { userAccount: { enterpriseName: string } }
      ).userAccount.enterpriseName;
    expect(await nameIn('zh-CN')).toBe('平台运营方');
    expect(await nameIn('zh-TW')).toBe('平臺營運方');
    expect(await nameIn('en-US')).toBe('Platform operator');
  });

  it('shows the AI service and GPS groups only to the configured login names', async () => {
    const session = async (app: TestApp) => {
      const token = await app.login(ADMIN.loginName, ADMIN.password);
      return (await app.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } })).body
        .data as { showAiServices: boolean };
    };
    expect((await session(t)).showAiServices).toBe(false);
    const listed = await createTestApp({ AI_LOGIN_NAMES: 'ops1, Admin' });
    try {
      expect((await session(listed)).showAiServices).toBe(true);
    } finally {
      await listed.close();
    }
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    const rows = await t.db.selectFrom('session').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('accepts the token from the token cookie as well as the header', async () => {
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    const res = await t.call({ method: 'GET', url: '/api/session/get', cookies: { token } });
    expect(res.body.code).toBe(1);
  });

  it('answers the login name case-insensitively', async () => {
    const { id: enterpriseId } = await createEnterprise(t.db);
    const name = uniqueLogin('Mixed');
    await createUser(t.db, { enterprise_id: enterpriseId, login_name: name, password: 'Passw0rd!' });
    expect((await login(name.toLowerCase(), 'Passw0rd!')).body.code).toBe(1);
  });

  it('answers 14020 alike for a wrong password and an unknown name, localised', async () => {
    const wrong = await login(ADMIN.loginName, 'Wrong@pass1');
    const unknown = await t.call({
      method: 'POST',
      url: '/api/session/login/rsa',
      headers: { language: 'zh-CN' },
      payload: { loginName: 'nobodyhere', password: await t.encrypt('Wrong@pass1'), loginMode: 'main' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 14020, msg: 'Wrong user name or password.' });
    expect(unknown.body.code).toBe(14020);
    expect(unknown.body.msg).toBe('用户名或密码错误');
    await t.login(ADMIN.loginName, ADMIN.password); // clears the admin's failure count
  });

  it('refuses a main account signing in as a sub-account', async () => {
    const res = await login(ADMIN.loginName, ADMIN.password, { loginMode: 'sub' });
    expect(res.body.code).toBe(14020);
  });

  it('signs a sub-account in with loginMode sub', async () => {
    const { id } = await createEnterprise(t.db);
    const user = await createUser(t.db, { enterprise_id: id, login_mode: 'sub', password: 'Passw0rd!' });
    expect((await login(user.login_name, 'Passw0rd!', { loginMode: 'sub' })).body.code).toBe(1);
    expect((await login(user.login_name, 'Passw0rd!')).body.code).toBe(14020);
  });

  it('locks that address out on the 6th wrong password for 30 minutes, even for the right password', async () => {
    const { id } = await createEnterprise(t.db);
    const user = await createUser(t.db, { enterprise_id: id, password: 'Right@pass1' });
    for (let i = 1; i <= 5; i++) expect((await login(user.login_name, 'Wrong@pass1')).body.code).toBe(14020);
    const sixth = await login(user.login_name, 'Wrong@pass1');
    expect(sixth.body).toMatchObject({ code: 14022, msg: 'The account is locked. Try again in 30 minutes.' });
    expect(sixth.status).toBe(403);
    expect((await login(user.login_name, 'Right@pass1')).body.code).toBe(14022);
    t.clock.advance(29 * 60_000);
    expect((await login(user.login_name, 'Right@pass1')).body.code).toBe(14022);
    t.clock.advance(2 * 60_000);
    expect((await login(user.login_name, 'Right@pass1')).body.code).toBe(1);
    // The count starts again after a success: five more failures do not lock.
    for (let i = 1; i <= 5; i++) expect((await login(user.login_name, 'Wrong@pass1')).body.code).toBe(14020);
    expect((await login(user.login_name, 'Right@pass1')).body.code).toBe(1);
  });

  it('refuses a disabled user and a user of a disabled enterprise with 14004', async () => {
    const { id } = await createEnterprise(t.db);
    const disabled = await createUser(t.db, { enterprise_id: id, status: 0 });
    expect((await login(disabled.login_name, 'Passw0rd!')).body.code).toBe(14004);
    const off = await createEnterprise(t.db, 'Closed Ltd', 0);
    const member = await createUser(t.db, { enterprise_id: off.id });
    expect((await login(member.login_name, 'Passw0rd!')).body.code).toBe(14004);
  });
});

describe('session', () => {
  it('answers 1001 without a token, with a forged one, and after expiry', async () => {
    expect((await t.call({ method: 'GET', url: '/api/session/get' })).body.code).toBe(1001);
    const forged = await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: 'x'.repeat(43) } });
    expect(forged).toMatchObject({ status: 401, body: { code: 1001 } });
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    t.clock.advance(3 * 86_400_000 - 60_000);
    expect((await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } })).body.code).toBe(
      1,
    );
    t.clock.advance(120_000);
    expect((await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } })).body.code).toBe(
      1001,
    );
  });

  it('ends a session on logOut with the token in the query', async () => {
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    const out = await t.call({ method: 'GET', url: `/api/session/logOut?token=${token}` });
    expect(out.body.code).toBe(1);
    expect((await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } })).body.code).toBe(
      1001,
    );
  });

  it('ends, within the cache lifetime, the sessions of a user disabled behind the server’s back', async () => {
    // Disabling through the API evicts at once; a change made straight in the
    // database — or by another process — is seen when the cached session lapses.
    const { id } = await createEnterprise(t.db);
    const user = await createUser(t.db, { enterprise_id: id });
    const token = await t.login(user.login_name, 'Passw0rd!');
    const get = () => t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } });
    expect((await get()).body.code).toBe(1);
    await t.db.updateTable('user').set({ status: 0 }).where('id', '=', user.id).execute();
    t.clock.advance(TTL_MS);
    expect((await get()).body.code).toBe(1001);
  });

  it('ends a session on logOut at once, even while it is cached', async () => {
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    const get = () => t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } });
    expect((await get()).body.code).toBe(1);
    await t.call({ method: 'GET', url: '/api/session/logOut', headers: { xaccesstoken: token } });
    expect((await get()).body.code).toBe(1001);
  });
});

describe('password change', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { id } = await createEnterprise(t.db);
    const user = await createUser(t.db, { enterprise_id: id, password: 'Old@pass12' });
    const here = await t.login(user.login_name, 'Old@pass12');
    const elsewhere = await t.login(user.login_name, 'Old@pass12');
    const res = await t.call({
      method: 'POST',
      url: '/api/session/update/password',
      headers: { xaccesstoken: here },
      payload: { oldPassword: await t.encrypt('Old@pass12'), newPassword: await t.encrypt('New@pass34') },
    });
    expect(res.body.code).toBe(1);
    expect((await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: here } })).body.code).toBe(
      1,
    );
    expect(
      (await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: elsewhere } })).body.code,
    ).toBe(1001);
    expect((await login(user.login_name, 'Old@pass12')).body.code).toBe(14020);
    expect((await login(user.login_name, 'New@pass34')).body.code).toBe(1);
  });

  it('refuses a wrong old password and a weak or unchanged new one, changing nothing', async () => {
    const { id } = await createEnterprise(t.db);
    const user = await createUser(t.db, { enterprise_id: id, password: 'Old@pass12' });
    const token = await t.login(user.login_name, 'Old@pass12');
    const change = async (oldPassword: string, newPassword: string) =>
      t.call({
        method: 'POST',
        url: '/api/session/update/password',
        headers: { xaccesstoken: token },
        payload: { oldPassword: await t.encrypt(oldPassword), newPassword: await t.encrypt(newPassword) },
      });
    const wrongOld = await change('Nope@pass12', 'New@pass34');
    expect(wrongOld.body).toMatchObject({ code: 4000 });
    expect(wrongOld.body.msg).toContain('oldPassword');
    for (const weak of ['Sh0rt!', 'alllowercase1', 'has space A1!', 'x'.repeat(62) + 'A1!', 'NoDigitsOrSigns']) {
      const res = await change('Old@pass12', weak);
      expect(res.body.code, weak).toBe(4000);
      expect(res.body.msg).toContain('newPassword');
    }
    const same = await change('Old@pass12', 'Old@pass12');
    expect(same.body.msg).toBe('Parameter error: newPassword — The new password must differ from the old one.');
    // Nothing changed: the old password still signs in.
    expect((await login(user.login_name, 'Old@pass12')).body.code).toBe(1);
  });

  it('answers 4000 for an unknown variant', async () => {
    const token = await t.login(ADMIN.loginName, ADMIN.password);
    const res = await t.call({
      method: 'POST',
      url: '/api/session/update/email',
      headers: { xaccesstoken: token },
      payload: { oldPassword: 'AAAA', newPassword: 'AAAA' },
    });
    expect(res.body.code).toBe(4000);
  });
});

describe('bad input to sign-in answers 4000 and changes nothing', () => {
  const otherKey = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).publicKey;
  const underOtherKey = publicEncrypt(
    { key: otherKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(ADMIN.password),
  ).toString('base64');

  const cases: [string, (enc: string) => unknown, string][] = [
    ['a number for the login name', (enc) => ({ loginName: 12345, password: enc }), 'loginName'],
    ['a missing password', () => ({ loginName: 'admin' }), 'password'],
    ['a missing body', () => undefined, 'body'],
    ['an extra field', (enc) => ({ loginName: 'admin', password: enc, isSuperMan: true }), 'isSuperMan'],
    ['an oversize login name', (enc) => ({ loginName: 'a'.repeat(10_000), password: enc }), 'loginName'],
    ['an oversize password', () => ({ loginName: 'admin', password: 'A'.repeat(5000) }), 'password'],
    ['a password that is not base64', () => ({ loginName: 'admin', password: 'not base64!' }), 'password'],
    ['a plain-text password', () => ({ loginName: 'admin', password: 'AdminPass12' }), 'password'],
    ['ciphertext under another key', () => ({ loginName: 'admin', password: underOtherKey }), 'password'],
    ['SQL metacharacters in the name', (enc) => ({ loginName: "admin' OR '1'='1", password: enc }), 'loginName'],
    ['unicode in the name', (enc) => ({ loginName: '管理员admin', password: enc }), 'loginName'],
    ['an unknown login mode', (enc) => ({ loginName: 'admin', password: enc, loginMode: 'root' }), 'loginMode'],
    ['an array body', () => [1, 2], 'body'],
  ];

  it.each(cases)('%s', async (_title, body, field) => {
    const before = await countRows(t.db, 'session');
    const res = await t.call({
      method: 'POST',
      url: '/api/session/login/rsa',
      payload: body(await t.encrypt(ADMIN.password)) as object,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(4000);
    expect(res.body.msg).toContain(field);
    expect(await countRows(t.db, 'session')).toBe(before);
  });

  it('answers malformed JSON and a wrong content type with 4000', async () => {
    const broken = await t.call({
      method: 'POST',
      url: '/api/session/login/rsa',
      headers: { 'content-type': 'application/json' },
      payload: '{"loginName":',
    });
    expect(broken).toMatchObject({ status: 400, body: { code: 4000 } });
    const xml = await t.call({
      method: 'POST',
      url: '/api/session/login/rsa',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.body.code).toBe(4000);
  });

  it('ignores __proto__ keys instead of polluting objects', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/session/login/rsa',
      headers: { 'content-type': 'application/json' },
      payload: `{"loginName":"admin","password":"${await t.encrypt(ADMIN.password)}","__proto__":{"isSuperMan":true}}`,
    });
    expect(res.body.code).toBe(1);
    expect(({} as Record<string, unknown>).isSuperMan).toBeUndefined();
  });
});

describe('captcha', () => {
  it('draws a captcha image with a key', async () => {
    const res = await t.call({ method: 'GET', url: '/api/session/verificationCode' });
    const data = res.body.data as { key: string; image: string };
    expect(data.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(Buffer.from(data.image.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
  });
});

// Every captcha the LOGIN_CAPTCHA apps below draw reads "AB12", so the test can answer it.
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
