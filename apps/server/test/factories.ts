// Test data: enterprises and users written straight to the database with real password hashes.
import type { Db } from '../src/db/database.js';
import type { NewUser } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/session/passwords.js';
import { makePng, multipartFile } from './images.js';

let seq = 0;
/** A login name unique within the test run (letters then digits, as SPEC §5 wants). */
export const uniqueLogin = (prefix = 'user') => `${prefix}${Date.now() % 100000}${++seq}`;

export async function createEnterprise(db: Db, name = `Enterprise ${++seq}`, status = 1) {
  return db.insertInto('enterprise').values({ name, status }).returning(['id', 'name']).executeTakeFirstOrThrow();
}

export async function createUser(
  db: Db,
  fields: Partial<Omit<NewUser, 'password_hash'>> & { password?: string; enterprise_id: number },
) {
  const { password = 'Passw0rd!', ...rest } = fields;
  const loginName = rest.login_name ?? uniqueLogin();
  return db
    .insertInto('user')
    .values({
      name: loginName,
      login_mode: 'main',
      ...rest,
      login_name: loginName,
      password_hash: await hashPassword(password),
    })
    .returning(['id', 'login_name', 'enterprise_id'])
    .executeTakeFirstOrThrow();
}

export const countRows = async (db: Db, table: 'session' | 'user' | 'outbox' | 'reset_code' | 'enterprise') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** An enterprise made through the API, with its main account signed in. */
export async function apiEnterprise(
  t: {
    call: (o: import('fastify').InjectOptions) => Promise<{ body: { code: number; data?: unknown } }>;
    encrypt(p: string): Promise<string>;
    login(n: string, p: string, m?: 'main' | 'sub'): Promise<string>;
  },
  adminToken: string,
  name: string,
) {
  const loginName = uniqueLogin('boss');
  const res = await t.call({
    method: 'POST',
    url: '/api/enterprise/add',
    headers: { xaccesstoken: adminToken },
    payload: { name, loginName, password: await t.encrypt('Boss@pass123') },
  });
  if (res.body.code !== 1) throw new Error(`enterprise add failed: ${JSON.stringify(res.body)}`);
  const id = (res.body.data as { id: number }).id;
  return { id, loginName, token: await t.login(loginName, 'Boss@pass123') };
}

/** A project logo uploaded as the browser does (the add-project call needs its URL). */
export async function apiLogo(
  t: { call: (o: import('fastify').InjectOptions) => Promise<{ body: { code: number; data?: unknown } }> },
  token: string,
): Promise<string> {
  const { payload, headers } = multipartFile(makePng(64, 64), 'logo.png');
  const res = await t.call({
    method: 'POST',
    url: '/api/file/project/logoUpload/0',
    headers: { ...headers, xaccesstoken: token },
    payload,
  });
  if (res.body.code !== 1) throw new Error(`logo upload failed: ${JSON.stringify(res.body)}`);
  return (res.body.data as { url: string }).url;
}
