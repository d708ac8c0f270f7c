// Telling accounts and devices apart: password recovery answers a real and an unknown
// name alike and is rate-limited per name and per address; adding a serial number or GB code of
// another enterprise answers exactly like adding one of your own.
import { codeMessage } from '@svc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type Body, type TestApp } from '../helper.js';
import { apiEnterprise, apiLogo, createUser, uniqueLogin } from '../factories.js';
import { until } from '../wait.js';

const MINUTE = 60_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let net = 0;
/** A fresh address, so per-address limits of one test do not reach the next. */
const address = () => `10.80.${Math.floor(++net / 200)}.${net % 200}`;
const get = async (url: string, params: Record<string, string>, from = address(), language = 'en-US') => {
  const res = await t.call({
    method: 'GET',
    url: `${url}?${new URLSearchParams(params).toString()}`,
    remoteAddress: from,
    headers: { language },
  });
  return { status: res.status, body: res.body as Body };
};
const findAccount = (userName: string, from?: string) => get('/api/reset/findAccount', { userName }, from);
const sendCode = (userName: string, type: 'email' | 'mobile', from?: string) =>
  get('/api/reset/sendCode', { userName, type }, from);
const verifyCode = (userName: string, code: string, from?: string) =>
  get('/api/reset/verifyCode', { userName, code }, from);

async function realUser(fields: { mobile?: string | null } = {}) {
  const { id } = await t.db
    .insertInto('enterprise')
    .values({ name: `Recover ${++net}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = uniqueLogin('real');
  const email = `${login}@example.com`;
  const user = await createUser(t.db, {
    enterprise_id: id,
    login_name: login,
    password: 'Old@pass12',
    email,
    mobile: 'mobile' in fields ? fields.mobile : '13812345678',
  });
  return { ...user, email };
}
const ghost = () => uniqueLogin('ghost');
/** A body with the echoed name taken out, to compare answers for two names. */
const withoutName = (b: Body) => ({ ...b, data: { ...(b.data as object), userName: '' } });

describe('password recovery answers a real and an unknown name alike', () => {
  it('findAccount', async () => {
    const user = await realUser();
    const real = await findAccount(user.login_name);
    const unknown = await findAccount(ghost());
    expect(real.status).toBe(unknown.status);
    expect(withoutName(unknown.body)).toEqual(withoutName(real.body));
    expect(real.body.code).toBe(1);
    // What the next step (/findback/choice) needs: the name to carry on with and the channels to offer.
    expect(real.body.data).toEqual({
      userName: user.login_name,
      channels: [{ type: 'email' }, { type: 'mobile' }],
    });
  });

  it('sendCode, whether the account exists, has that channel or not', async () => {
    const user = await realUser({ mobile: null });
    const real = await sendCode(user.login_name, 'email');
    const unknown = await sendCode(ghost(), 'email');
    expect(real.body).toMatchObject({ code: 1, data: { expiresInSeconds: 600 } });
    expect(unknown).toEqual(real);
    t.clock.advance(MINUTE + 1000);
    expect(await sendCode(user.login_name, 'mobile')).toEqual(real);
    // The real account did get its code, by email only.
    const mail = await until('the code mail', () => t.sent.find((m) => m.to === user.email));
    expect(mail.body).toMatch(/\d{6}/);
    expect(t.sent.filter((m) => m.channel === 'sms')).toEqual([]);
  });

  it('verifyCode and resetPw with a wrong code', async () => {
    const user = await realUser();
    expect((await sendCode(user.login_name, 'email')).body.code).toBe(1);
    await until(
      'the code row',
      async () =>
        (await t.db.selectFrom('reset_code').select('id').where('user_id', '=', user.id).executeTakeFirst()) ?? false,
    );
    const name = ghost();
    const real = await verifyCode(user.login_name, '000000');
    const unknown = await verifyCode(name, '000000');
    expect(unknown).toEqual(real);
    expect(real.body).toMatchObject({
      code: 4000,
      msg: 'Parameter error: code — The verification code is wrong or has expired.',
    });
    const password = await t.encrypt('New@pass345');
    const resetReal = await get('/api/reset/resetPw', { userName: user.login_name, code: '000000', password });
    const resetUnknown = await get('/api/reset/resetPw', { userName: name, code: '000000', password });
    expect(resetUnknown).toEqual(resetReal);
    expect(resetReal.body.code).toBe(4000);
  });
});

describe('password recovery is rate-limited', () => {
  const tooMany = { status: 429, body: { code: 111, msg: codeMessage('en-US', 111) } };

  it('sendCode per name: one a minute and five an hour, for real and unknown names alike', async () => {
    const run = async (name: string) => {
      const out: number[] = [];
      out.push((await sendCode(name, 'email')).body.code);
      out.push((await sendCode(name, 'email')).body.code);
      for (let i = 0; i < 5; i++) {
        t.clock.advance(MINUTE + 1000);
        out.push((await sendCode(name, 'email')).body.code);
      }
      t.clock.advance(61 * MINUTE);
      return out;
    };
    const user = await realUser();
    const real = await run(user.login_name);
    const unknown = await run(ghost());
    expect(real).toEqual([1, 111, 1, 1, 1, 1, 111]);
    expect(unknown).toEqual(real);
    expect(await sendCode(ghost(), 'email', '10.81.0.1')).toMatchObject({ status: 200 });
  });

  it('sendCode per address: twenty an hour, localised', async () => {
    const from = '10.81.1.1';
    for (let i = 0; i < 20; i++) expect((await sendCode(ghost(), 'email', from)).body.code, `send ${i}`).toBe(1);
    expect(await sendCode(ghost(), 'email', from)).toMatchObject(tooMany);
    const zh = await get('/api/reset/sendCode', { userName: ghost(), type: 'email' }, from, 'zh-CN');
    expect(zh.body).toMatchObject({ code: 111, msg: codeMessage('zh-CN', 111) });
    t.clock.advance(61 * MINUTE);
    expect((await sendCode(ghost(), 'email', from)).body.code).toBe(1);
  });

  it('verifyCode per name: ten an hour and twenty a day, whichever the addresses', async () => {
    const run = async (name: string) => {
      const out: number[] = [];
      for (let i = 0; i < 11; i++) out.push((await verifyCode(name, '123456')).body.code);
      t.clock.advance(61 * MINUTE);
      for (let i = 0; i < 11; i++) out.push((await verifyCode(name, '123456')).body.code);
      t.clock.advance(61 * MINUTE);
      out.push((await verifyCode(name, '123456')).body.code);
      t.clock.advance(24 * 60 * MINUTE);
      out.push((await verifyCode(name, '123456')).body.code);
      return out;
    };
    const user = await realUser();
    expect((await sendCode(user.login_name, 'email')).body.code).toBe(1);
    const real = await run(user.login_name);
    const unknown = await run(ghost());
    const hour = [...Array<number>(10).fill(4000), 111];
    expect(real).toEqual([...hour, ...hour, 111, 4000]);
    expect(unknown).toEqual(real);
    expect(await verifyCode(ghost(), '123456')).toMatchObject({ status: 400 });
  });

  it('verifyCode per address: thirty an hour across names', async () => {
    const from = '10.81.2.1';
    for (let i = 0; i < 30; i++) expect((await verifyCode(ghost(), '123456', from)).body.code).toBe(4000);
    expect(await verifyCode(ghost(), '123456', from)).toMatchObject(tooMany);
  });

  it('resetPw spends the same allowance as verifyCode', async () => {
    const name = ghost();
    const password = await t.encrypt('New@pass345');
    for (let i = 0; i < 10; i++) {
      expect((await get('/api/reset/resetPw', { userName: name, code: '123456', password })).body.code).toBe(4000);
    }
    expect(await verifyCode(name, '123456')).toMatchObject(tooMany);
  });
});

describe('adding a device another enterprise has', () => {
  let boss: Awaited<ReturnType<typeof apiEnterprise>>;
  let rival: Awaited<ReturnType<typeof apiEnterprise>>;
  let bossSite: number;
  let rivalSite: number;
  const add = async (token: string, projectId: number, fields: { sn: string; gbCode?: string }) =>
    (
      await t.call({
        method: 'POST',
        url: '/api/device/add',
        headers: { xaccesstoken: token, language: 'en-US' },
        payload: { devName: 'Gate', devType: 'IPC', projectId, password: 'dev-pass', ...fields },
      })
    ).body;
  const site = async (token: string) =>
    (
      await t.call({
        method: 'POST',
        url: '/api/project/add',
        headers: { xaccesstoken: token },
        payload: { proName: 'Site', proLogo: await apiLogo(t, token) },
      })
    ).body.data as { id: number };

  beforeAll(async () => {
    const admin = await t.login(ADMIN.loginName, ADMIN.password);
    boss = await apiEnterprise(t, admin, 'Owner Corp');
    rival = await apiEnterprise(t, admin, 'Prober Corp');
    bossSite = (await site(boss.token)).id;
    rivalSite = (await site(rival.token)).id;
  });

  it('answers a taken serial number and a taken GB code the same for the owner and for anyone else', async () => {
    const sn = 'ENUMSN0000001';
    const gbCode = '34020000001320000777';
    expect((await add(boss.token, bossSite, { sn, gbCode })).code).toBe(1);

    const snOwn = await add(boss.token, bossSite, { sn: sn.toLowerCase() });
    const snOther = await add(rival.token, rivalSite, { sn: sn.toLowerCase() });
    expect(snOther).toEqual(snOwn);
    expect(snOwn).toEqual({ code: 409, msg: 'This serial number cannot be added: it is already registered.' });

    const gbOwn = await add(boss.token, bossSite, { sn: 'ENUMSN0000002', gbCode });
    const gbOther = await add(rival.token, rivalSite, { sn: 'ENUMSN0000003', gbCode });
    expect(gbOther).toEqual(gbOwn);
    expect(gbOwn).toEqual({ code: 409, msg: 'This GB code cannot be added: it is already registered.' });
  });
});
