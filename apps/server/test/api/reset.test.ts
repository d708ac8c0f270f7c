// Password recovery end to end: the code travels over a real local SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helper.js';
import { codeIn, startSmtpServer, type ReceivedMail } from '../smtp.js';
import { countRows, createEnterprise, createUser } from '../factories.js';
import { smtpTransport } from '../../src/notify/notifier.js';
import { until } from '../wait.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Email goes out over SMTP for real, as with SMTP_URL set; SMS stays captured.
  t = await createTestApp({}, { emailTransport: smtpTransport(smtp.url, 'console@example.com') });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (url: string, address = '10.0.0.1') => t.call({ method: 'GET', url, remoteAddress: address });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function newUser(fields: { email?: string | null; mobile?: string | null } = {}) {
  const { id } = await createEnterprise(t.db);
  return createUser(t.db, {
    enterprise_id: id,
    password: 'Old@pass12',
    email: 'email' in fields ? fields.email : 'zhang.wei@example.com',
    mobile: fields.mobile ?? null,
  });
}

async function mailFor(to: string, after: number): Promise<ReceivedMail> {
  for (let i = 0; i < 100; i++) {
    const mail = smtp.mails.slice(after).find((m) => m.to.includes(to));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail for ${to}`);
}

async function sendAndReceive(userName: string, address = '10.0.0.1'): Promise<string> {
  const before = smtp.mails.length;
  const res = await get(`/api/reset/sendCode?${q({ userName, type: 'email' })}`, address);
  expect(res.body.code).toBe(1);
  const code = codeIn(await mailFor('zhang.wei@example.com', before));
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}

describe('password recovery', () => {
  it('offers email and SMS for an account, revealing none of its addresses', async () => {
    const user = await newUser({ mobile: '13812345678' });
    const res = await get(`/api/reset/findAccount?userName=${user.login_name}`);
    expect(res.body.data).toEqual({ userName: user.login_name, channels: [{ type: 'email' }, { type: 'mobile' }] });
  });

  it('answers an unknown name exactly as an account', async () => {
    expect((await get('/api/reset/findAccount?userName=nobodyatall')).body).toEqual({
      code: 1,
      msg: 'Success',
      data: { userName: 'nobodyatall', channels: [{ type: 'email' }, { type: 'mobile' }] },
    });
  });

  it('recovers a password end to end with the code received by SMTP', async () => {
    const user = await newUser();
    const session = await t.login(user.login_name, 'Old@pass12');
    const code = await sendAndReceive(user.login_name);
    expect((await get(`/api/reset/verifyCode?${q({ userName: user.login_name, code })}`)).body.code).toBe(1);
    const password = await t.encrypt('New@pass34');
    const reset = await get(`/api/reset/resetPw?${q({ userName: user.login_name, code, password })}`);
    expect(reset.body.code).toBe(1);
    // The old session and password are gone; the new password signs in; the code is spent.
    expect(
      (await t.call({ method: 'GET', url: '/api/session/get', headers: { xaccesstoken: session } })).body.code,
    ).toBe(1001);
    await t.login(user.login_name, 'New@pass34');
    const again = await get(
      `/api/reset/resetPw?${q({ userName: user.login_name, code, password: await t.encrypt('Other@pass56') })}`,
    );
    expect(again.body.code).toBe(4000);
  });

  it('writes every message to the outbox, mailed ones marked sent, with the code masked', async () => {
    const user = await newUser();
    const code = await sendAndReceive(user.login_name);
    // Sending finishes after the answer: the row is marked once the server accepted the mail.
    const row = await until('the sent outbox row', () =>
      t.db
        .selectFrom('outbox')
        .selectAll()
        .where('recipient', '=', 'zhang.wei@example.com')
        .where('state', '=', 'sent')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    expect(row).toMatchObject({ channel: 'email', state: 'sent' });
    // The person got the code by mail (sendAndReceive read it there); the outbox never shows it.
    expect(row.body).not.toContain(code);
    expect(row.body).not.toMatch(/\d{6}/);
    expect(row.body).toContain('••••••');
  });

  it('sends by SMS through the provider, costing 0.065 yuan', async () => {
    const user = await newUser({ email: null, mobile: '13912345678' });
    const res = await get(`/api/reset/sendCode?${q({ userName: user.login_name, type: 'mobile' })}`, '10.0.0.9');
    expect(res.body).toMatchObject({ code: 1, data: { expiresInSeconds: 600 } });
    expect(await until('the SMS', () => t.sent.find((m) => m.to === '13912345678'))).toMatchObject({ channel: 'sms' });
    const row = await t.db
      .selectFrom('outbox')
      .select(['cost', 'channel'])
      .where('recipient', '=', '13912345678')
      .executeTakeFirstOrThrow();
    expect(Number(row.cost)).toBe(0.065);
  });

  it('sends nothing to a channel the account does not have, answering as if it had', async () => {
    const user = await newUser({ email: null });
    const res = await get(`/api/reset/sendCode?${q({ userName: user.login_name, type: 'email' })}`);
    expect(res.body).toEqual({ code: 1, msg: 'Success', data: { expiresInSeconds: 600 } });
    // The account's part runs after the answer: once a later send to another account arrived, it is done.
    await sendAndReceive((await newUser()).login_name, '10.0.5.1');
    expect(await t.db.selectFrom('reset_code').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('allows 5 tries of a code, then none', async () => {
    const user = await newUser();
    const code = await sendAndReceive(user.login_name, '10.0.1.1');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await get(`/api/reset/verifyCode?${q({ userName: user.login_name, code: wrong })}`);
      expect(res.body).toMatchObject({
        code: 4000,
        msg: 'Parameter error: code — The verification code is wrong or has expired.',
      });
    }
    expect((await get(`/api/reset/verifyCode?${q({ userName: user.login_name, code })}`)).body.code).toBe(4000);
  });

  it('lets a code expire after 10 minutes', async () => {
    const user = await newUser();
    const code = await sendAndReceive(user.login_name, '10.0.2.1');
    t.clock.advance(10 * 60_000 + 1000);
    expect((await get(`/api/reset/verifyCode?${q({ userName: user.login_name, code })}`)).body.code).toBe(4000);
  });

  it('rate-limits sending per account (111), and a new code replaces the old', async () => {
    const user = await newUser();
    const first = await sendAndReceive(user.login_name, '10.0.3.1');
    const soon = await get(`/api/reset/sendCode?${q({ userName: user.login_name, type: 'email' })}`, '10.0.3.2');
    expect(soon).toMatchObject({ status: 429, body: { code: 111 } });
    t.clock.advance(61_000);
    const second = await sendAndReceive(user.login_name, '10.0.3.3');
    if (first !== second) {
      expect((await get(`/api/reset/verifyCode?${q({ userName: user.login_name, code: first })}`)).body.code).toBe(
        4000,
      );
    }
    expect((await get(`/api/reset/verifyCode?${q({ userName: user.login_name, code: second })}`)).body.code).toBe(1);
  });

  it('rate-limits sending per address', async () => {
    const before = await countRows(t.db, 'reset_code');
    const mailed = smtp.mails.length;
    let limited = 0;
    for (let i = 0; i < 22; i++) {
      const user = await newUser();
      const res = await get(`/api/reset/sendCode?${q({ userName: user.login_name, type: 'email' })}`, '10.9.9.9');
      if (res.body.code === 111) limited++;
    }
    expect(limited).toBe(2);
    // Codes are made and mailed after the answer: wait for all twenty (later tests read the mailbox).
    await until('twenty mails', () => smtp.mails.length >= mailed + 20);
    expect(await countRows(t.db, 'reset_code')).toBe(before + 20);
  });

  it('refuses a weak new password without spending the code', async () => {
    const user = await newUser();
    const code = await sendAndReceive(user.login_name, '10.0.4.1');
    const weak = await get(
      `/api/reset/resetPw?${q({ userName: user.login_name, code, password: await t.encrypt('weak') })}`,
    );
    expect(weak.body.code).toBe(4000);
    expect(weak.body.msg).toContain('password');
    const ok = await get(
      `/api/reset/resetPw?${q({ userName: user.login_name, code, password: await t.encrypt('Good@pass78') })}`,
    );
    expect(ok.body.code).toBe(1);
  });

  it.each([
    ['a code of letters', { userName: 'someone', code: 'abcdef' }, 'code'],
    ['a code too short', { userName: 'someone', code: '123' }, 'code'],
    ['no user name', { code: '123456' }, 'userName'],
    ['an extra parameter', { userName: 'someone', code: '123456', admin: '1' }, 'admin'],
  ])('answers 4000 for %s', async (_title, params, field) => {
    const res = await get(`/api/reset/verifyCode?${q(params as Record<string, string>)}`);
    expect(res.body.code).toBe(4000);
    expect(res.body.msg).toContain(field);
  });
});
