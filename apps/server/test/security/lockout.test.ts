// Sign-in lockout: failures count in a sliding 30-minute window per login name and
// address; 6 from one address lock that address out, rotating addresses only earn a captcha, the
// account-wide lock needs failures that came with a solved captcha; unknown names answer like real
// ones; an administrator can unlock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type Body, type TestApp } from '../helper.js';
import { apiEnterprise, createUser, uniqueLogin } from '../factories.js';

// Every captcha drawn here reads "AB12", so the test can solve it.
const drawCaptcha = () => ({ text: 'AB12', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
const MINUTE = 60_000;

function harness(get: () => TestApp) {
  const solved = async () => {
    const { key } = (await get().call({ method: 'GET', url: '/api/session/verificationCode' })).body.data as {
      key: string;
    };
    return { verificationKey: key, verificationCode: 'AB12' };
  };
  /** One sign-in try from `address`; `captcha` solves a fresh captcha first. */
  const attempt = async (
    loginName: string,
    password: string,
    address: string,
    o: { captcha?: boolean; loginMode?: 'main' | 'sub' } = {},
  ): Promise<Body> =>
    (
      await get().call({
        method: 'POST',
        url: '/api/session/login/rsa',
        remoteAddress: address,
        headers: { language: 'en-US' },
        payload: {
          loginName,
          password: await get().encrypt(password),
          loginMode: o.loginMode ?? 'main',
          ...(o.captcha ? await solved() : {}),
        },
      })
    ).body;
  return { attempt };
}

describe('with LOGIN_CAPTCHA=off', () => {
  let t: TestApp;
  const { attempt } = harness(() => t);
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'off' }, { drawCaptcha });
  });
  afterAll(() => t.close());

  it('does not lock the platform admin after 6 wrong passwords from 6 rotating addresses', async () => {
    for (let i = 1; i <= 6; i++) {
      expect((await attempt(ADMIN.loginName, 'Wrong@pass1', `10.70.0.${i}`)).code, `try ${i}`).toBe(14020);
    }
    // The account has collected 6 failures: every address now solves a captcha for it, and then signs in.
    expect(await attempt(ADMIN.loginName, ADMIN.password, '10.70.0.7')).toMatchObject({
      code: 1002,
      data: { captchaRequired: true },
    });
    expect((await attempt(ADMIN.loginName, ADMIN.password, '10.70.0.7', { captcha: true })).code).toBe(1);
    t.clock.advance(31 * MINUTE);
  });

  it('locks only the address that made 6 wrong tries; the right password works from elsewhere', async () => {
    const { id } = await t.db
      .insertInto('enterprise')
      .values({ name: 'Pair Ltd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUser(t.db, { enterprise_id: id, password: 'Right@pass1' });
    for (let i = 1; i <= 5; i++) expect((await attempt(user.login_name, 'Wrong@pass1', '10.71.0.1')).code).toBe(14020);
    expect(await attempt(user.login_name, 'Wrong@pass1', '10.71.0.1')).toMatchObject({
      code: 14022,
      msg: 'The account is locked. Try again in 30 minutes.',
    });
    expect((await attempt(user.login_name, 'Right@pass1', '10.71.0.1')).code).toBe(14022);
    expect((await attempt(user.login_name, 'Right@pass1', '10.71.0.2', { captcha: true })).code).toBe(1);
    // The lock of the first address holds its 30 minutes.
    t.clock.advance(29 * MINUTE);
    expect((await attempt(user.login_name, 'Right@pass1', '10.71.0.1')).code).toBe(14022);
    t.clock.advance(2 * MINUTE);
    expect((await attempt(user.login_name, 'Right@pass1', '10.71.0.1')).code).toBe(1);
  });

  it('forgets failures older than 30 minutes, and counts those inside a sliding window', async () => {
    const { id } = await t.db
      .insertInto('enterprise')
      .values({ name: 'Window Ltd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUser(t.db, { enterprise_id: id, password: 'Right@pass1' });
    for (let i = 0; i < 5; i++) await attempt(user.login_name, 'Wrong@pass1', '10.72.0.1');
    t.clock.advance(31 * MINUTE);
    // Five more: ten in all, but never six within 30 minutes.
    for (let i = 0; i < 5; i++) expect((await attempt(user.login_name, 'Wrong@pass1', '10.72.0.1')).code).toBe(14020);
    t.clock.advance(20 * MINUTE);
    // Not a fixed window that started with the first of these: 20 minutes on, one more is the sixth.
    expect((await attempt(user.login_name, 'Wrong@pass1', '10.72.0.1')).code).toBe(14022);
    t.clock.advance(31 * MINUTE);
    expect((await attempt(user.login_name, 'Right@pass1', '10.72.0.1')).code).toBe(1);
  });

  it('locks the account from every address only after 6 failures that came with a solved captcha', async () => {
    const { id } = await t.db
      .insertInto('enterprise')
      .values({ name: 'Wide Ltd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUser(t.db, { enterprise_id: id, password: 'Right@pass1' });
    for (let i = 1; i <= 6; i++) await attempt(user.login_name, 'Wrong@pass1', `10.73.0.${i}`);
    // Without a captcha nothing more is even tried, so nothing more counts.
    for (let i = 7; i <= 20; i++) {
      expect((await attempt(user.login_name, 'Wrong@pass1', `10.73.0.${i}`)).code).toBe(1002);
    }
    for (let i = 21; i <= 25; i++) {
      expect(await attempt(user.login_name, 'Wrong@pass1', `10.73.0.${i}`, { captcha: true })).toMatchObject({
        code: 14020,
        data: { captchaRequired: true },
      });
    }
    expect((await attempt(user.login_name, 'Wrong@pass1', '10.73.0.26', { captcha: true })).code).toBe(14022);
    expect((await attempt(user.login_name, 'Right@pass1', '10.73.0.27', { captcha: true })).code).toBe(14022);
    t.clock.advance(31 * MINUTE);
    expect((await attempt(user.login_name, 'Right@pass1', '10.73.0.27')).code).toBe(1);
  });

  it('counts wrong old passwords of a password change: six lock the account and end its sessions', async () => {
    const { id } = await t.db
      .insertInto('enterprise')
      .values({ name: 'Change Ltd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUser(t.db, { enterprise_id: id, password: 'Right@pass1' });
    const token = await t.login(user.login_name, 'Right@pass1');
    const change = async () =>
      (
        await t.call({
          method: 'POST',
          url: '/api/session/update/password',
          remoteAddress: '10.74.0.1',
          headers: { xaccesstoken: token },
          payload: { oldPassword: await t.encrypt('Guess@pass1'), newPassword: await t.encrypt('New@pass345') },
        })
      ).body.code;
    for (let i = 1; i <= 5; i++) expect(await change()).toBe(4000);
    expect(await change()).toBe(14022);
    expect((await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: token } })).body.code).toBe(
      1001,
    );
    expect((await attempt(user.login_name, 'Right@pass1', '10.74.0.9', { captcha: true })).code).toBe(14022);
  });
});

describe('unknown login names', () => {
  let t: TestApp;
  const { attempt } = harness(() => t);
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'after-failures' }, { drawCaptcha });
  });
  afterAll(() => t.close());

  /** A whole run of tries: captcha after 3, lock of the address at 6, the captcha step elsewhere, the wide lock. */
  async function story(loginName: string, net: string): Promise<Body[]> {
    const out: Body[] = [];
    const wrong = (address: string, captcha = false) => attempt(loginName, 'Wrong@pass1', address, { captcha });
    for (let i = 0; i < 3; i++) out.push(await wrong(`${net}.1`));
    out.push(await wrong(`${net}.1`));
    for (let i = 0; i < 3; i++) out.push(await wrong(`${net}.1`, true));
    out.push(await wrong(`${net}.1`, true));
    out.push(await wrong(`${net}.2`));
    for (let i = 0; i < 3; i++) out.push(await wrong(`${net}.${3 + i}`, true));
    out.push(await wrong(`${net}.9`, true));
    return out;
  }

  it('get the very same answers, in the same order, as a real name', async () => {
    const { id } = await t.db
      .insertInto('enterprise')
      .values({ name: 'Real Ltd' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await createUser(t.db, { enterprise_id: id, login_name: uniqueLogin('real') });
    const real = await story(user.login_name, '10.75.0');
    const unknown = await story(uniqueLogin('ghost'), '10.75.1');
    expect(unknown).toEqual(real);
    expect(real.map((b) => b.code)).toEqual([
      14020, 14020, 14020, 1002, 14020, 14020, 14022, 14022, 1002, 14020, 14020, 14022, 14022,
    ]);
    expect(real.slice(0, 3).map((b) => (b.data as { captchaRequired: boolean }).captchaRequired)).toEqual([
      false,
      false,
      true,
    ]);
  });
});

describe('an administrator unlocks', () => {
  let t: TestApp;
  const { attempt } = harness(() => t);
  let admin: string;
  let boss: Awaited<ReturnType<typeof apiEnterprise>>;
  let rival: Awaited<ReturnType<typeof apiEnterprise>>;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_CAPTCHA: 'off' }, { drawCaptcha });
    admin = await t.login(ADMIN.loginName, ADMIN.password);
    boss = await apiEnterprise(t, admin, 'Unlock Corp');
    rival = await apiEnterprise(t, admin, 'Rival Corp');
  });
  afterAll(() => t.close());

  const post = async (token: string, url: string) =>
    (await t.call({ method: 'POST', url, headers: { xaccesstoken: token, language: 'en-US' } })).body;

  async function lockOut(loginName: string, loginMode: 'main' | 'sub') {
    for (let i = 0; i < 6; i++) await attempt(loginName, 'Wrong@pass1', '10.76.0.1', { loginMode });
    expect((await attempt(loginName, 'Wrong@pass1', '10.76.0.1', { loginMode })).code).toBe(14022);
  }

  it('a staff member, by whoever may reset their password', async () => {
    const staff = await createUser(t.db, { enterprise_id: boss.id, login_mode: 'sub', password: 'Staff@pass1' });
    await lockOut(staff.login_name, 'sub');
    // Another enterprise does not see them; a staff member without the reset privilege may not.
    expect((await post(rival.token, `/api/employee/unlock/${staff.id}`)).code).toBe(404);
    const plain = await createUser(t.db, { enterprise_id: boss.id, login_mode: 'sub', password: 'Plain@pass1' });
    const plainToken = await t.login(plain.login_name, 'Plain@pass1', 'sub');
    expect((await post(plainToken, `/api/employee/unlock/${staff.id}`)).code).toBe(4117);
    expect((await attempt(staff.login_name, 'Staff@pass1', '10.76.0.1', { loginMode: 'sub' })).code).toBe(14022);

    expect((await post(boss.token, `/api/employee/unlock/${staff.id}`)).code).toBe(1);
    expect((await attempt(staff.login_name, 'Staff@pass1', '10.76.0.1', { loginMode: 'sub' })).code).toBe(1);
  });

  it('an enterprise main account, by the platform super administrator only', async () => {
    await lockOut(rival.loginName, 'main');
    expect((await post(boss.token, `/api/enterprise/unlock/${rival.id}`)).code).toBe(4117);
    expect((await attempt(rival.loginName, 'Boss@pass123', '10.76.0.1')).code).toBe(14022);
    expect((await post(admin, `/api/enterprise/unlock/${rival.id}`)).code).toBe(1);
    expect((await attempt(rival.loginName, 'Boss@pass123', '10.76.0.1')).code).toBe(1);
  });
});
