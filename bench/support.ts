// What the in-process benchmarks share: an app on a given database, a signed-in cloud account, and
// the timing of a call repeated until its percentiles mean something.
import { constants, publicEncrypt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { newSecretKeyText } from '../apps/server/src/crypto/secrets.js';
import type { Db } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/modules/session/passwords.js';

export const benchApp = (db: Db): Promise<FastifyInstance> =>
  buildApp(
    loadConfig({
      LOG_LEVEL: 'silent',
      CONSOLE_ADMIN_PASSWORD: 'Bench@pass123',
      LOGIN_CAPTCHA: 'off',
      WEB_DIST: '/nonexistent',
      // A throwaway database: a throwaway key, and no key file in ./data.
      SECRET_KEY: newSecretKeyText(),
    }),
    {
      db,
      logger: false,
    },
  );

/** Makes the enterprise's main account (a cloud account: scoped, never refused a privilege) and signs it in. */
export async function signInMainAccount(
  app: FastifyInstance,
  db: Db,
  enterpriseId: number,
  loginName: string,
): Promise<string> {
  const password = 'Bench@pass1';
  await db
    .insertInto('user')
    .values({
      enterprise_id: enterpriseId,
      login_name: loginName,
      name: 'Boss',
      login_mode: 'main',
      is_cloud_account: true,
      password_hash: await hashPassword(password),
    })
    .execute();
  const key = (await app.inject({ method: 'GET', url: '/rsa/getkey' })).json<{ data: { publicKey: string } }>().data
    .publicKey;
  const cipher = publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await app.inject({
    method: 'POST',
    url: '/api/session/login/rsa',
    payload: { loginName, password: cipher, loginMode: 'main' },
  });
  return res.json<{ data: { token: string } }>().data.token;
}

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Times a POST `runs` times after `warmup` untimed ones (JIT, caches); throws on any non-success answer. */
export async function timePost(
  app: FastifyInstance,
  token: string,
  url: string,
  body: object | undefined,
  runs: number,
  warmup: number,
) {
  const times: number[] = [];
  for (let i = 0; i < runs + warmup; i++) {
    const start = process.hrtime.bigint();
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { xaccesstoken: token },
      ...(body ? { payload: body } : {}),
    });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (res.json<{ code: number }>().code !== 1) throw new Error(`${url}: ${res.body.slice(0, 300)}`);
    if (i >= warmup) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}
