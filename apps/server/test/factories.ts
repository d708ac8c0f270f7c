// Test data: enterprises and users written straight to the database with real password hashes, and
// enterprises, roles, staff, projects and devices made through the API as the console makes them.
import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import type { NewUser } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/session/passwords.js';
import type { OutboxPage } from '@svc/contracts';
import { ADMIN, createTestApp, data, type TestApp } from './helper.js';
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

/**
 * The usual start of an API test file: an app of its own, the super administrator signed in, and one
 * enterprise made through the API.
 */
export async function enterpriseApp(name: string): Promise<{ t: TestApp; admin: string; enterprise: Enterprise }> {
  const t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  return { t, admin, enterprise: await apiEnterprise(t, admin, name) };
}

/** An enterprise made through the API, its main account signed in. */
export type Enterprise = Awaited<ReturnType<typeof apiEnterprise>>;

/** A project logo uploaded as the browser does: the stored icon's URL and size. */
export async function apiLogoUpload(
  t: { call: (o: import('fastify').InjectOptions) => Promise<{ body: { code: number; data?: unknown } }> },
  token: string,
  image = makePng(64, 64),
): Promise<{ url: string; width: number; height: number }> {
  const { payload, headers } = multipartFile(image, 'logo.png');
  const res = await t.call({
    method: 'POST',
    url: '/api/file/project/logoUpload/0',
    headers: { ...headers, xaccesstoken: token },
    payload,
  });
  if (res.body.code !== 1) throw new Error(`logo upload failed: ${JSON.stringify(res.body)}`);
  return res.body.data as { url: string; width: number; height: number };
}

/** A project logo uploaded as the browser does (the add-project call needs its URL). */
export async function apiLogo(
  t: { call: (o: import('fastify').InjectOptions) => Promise<{ body: { code: number; data?: unknown } }> },
  token: string,
): Promise<string> {
  return (await apiLogoUpload(t, token)).url;
}

/** The password staff made by apiStaff sign in with. */
export const STAFF_PASSWORD = 'Staff@pass1';

export async function apiRole(t: Pick<TestApp, 'as'>, token: string, roleName: string, privilegeKeys: string[]) {
  return data<{ id: number }>(await t.as(token).post('/api/role/add', { roleName, privilegeKeys })).id;
}

/** A staff member added through the API (named Li Lei unless `extra` says otherwise); `login` signs them in. */
export async function apiStaff(
  t: Pick<TestApp, 'as' | 'encrypt' | 'login'>,
  token: string,
  roleIds: number[],
  extra: Record<string, unknown> = {},
) {
  const loginName = uniqueLogin('staff');
  const body = await t.as(token).post('/api/employee/add', {
    loginName,
    name: 'Li Lei',
    password: await t.encrypt(STAFF_PASSWORD),
    roleIds,
    ...extra,
  });
  return {
    id: data<{ id: number }>(body).id,
    loginName,
    login: (password = STAFF_PASSWORD) => t.login(loginName, password, 'sub'),
  };
}

/** A project (with the logo a project needs) or a monitoring area, added through the API. */
export async function apiProject(
  t: Pick<TestApp, 'as'>,
  token: string,
  o: { proName: string; proLogo: string; parentId?: number; kind?: 'project' | 'area' },
) {
  const { parentId, kind = 'project', ...rest } = o;
  return data<{ id: number }>(
    await t.as(token).post('/api/project/add', { ...rest, kind, ...(parentId ? { parentId } : {}) }),
  ).id;
}

/**
 * A site: an enterprise made through the API with one project (logo and all) to add devices to. The
 * super administrator signs in to make it unless `admin` is a session of theirs already.
 */
export async function apiSite(
  t: Pick<TestApp, 'as' | 'call' | 'encrypt' | 'login'>,
  o: { enterprise: string; project: string; admin?: string },
): Promise<{ admin: string; boss: Enterprise; projectId: number }> {
  const admin = o.admin ?? (await t.login(ADMIN.loginName, ADMIN.password));
  const boss = await apiEnterprise(t, admin, o.enterprise);
  const projectId = await apiProject(t, boss.token, { proName: o.project, proLogo: await apiLogo(t, boss.token) });
  return { admin, boss, projectId };
}

/**
 * The project tree and device tests' app: `boss`'s enterprise with a logo for its projects, a rival
 * enterprise, and adders of projects, areas and devices as the console adds them.
 */
export async function treeApp() {
  const { t, admin, enterprise: boss } = await enterpriseApp('Acme Sites');
  const rival = await apiEnterprise(t, admin, 'Rival Sites');
  const logo = await apiLogo(t, boss.token);
  return {
    t,
    boss,
    rival,
    logo,
    addProject: (token: string, proName: string, parentId?: number, kind: 'project' | 'area' = 'project') =>
      apiProject(t, token, { proName, proLogo: logo, parentId, kind }),
    addDevice: (token: string, projectId: number, devType: 'IPC' | 'NVR' | 'DVR' = 'IPC', devName = 'Gate camera') =>
      apiDevice(t, token, { projectId, devType, devName }),
  };
}
export type TreeApp = Awaited<ReturnType<typeof treeApp>>;

let snSeq = 0;
/** A 16-character serial number unique within the test run. */
export const newSn = () =>
  `SN${Date.now().toString(36).toUpperCase()}${String(++snSeq).padStart(4, '0')}`.slice(0, 16).padEnd(16, '0');

/** A device added through the API with a fresh serial number unless given one. */
export async function apiDevice(
  t: Pick<TestApp, 'as'>,
  token: string,
  o: { projectId: number; devType?: 'IPC' | 'NVR' | 'DVR'; devName?: string; sn?: string } & Record<string, unknown>,
) {
  const { sn = newSn(), devType = 'IPC', devName = 'Gate camera', ...rest } = o;
  const id = data<{ id: number }>(
    await t.as(token).post('/api/device/add', { sn, devName, devType, password: 'dev-pass', ...rest }),
  ).id;
  return { id, sn };
}

/** `n` sent text messages of an enterprise in the outbox, written straight to the table. */
export async function addOutboxRows(db: Db, enterpriseId: number, n: number, recipient: string) {
  await sql`insert into outbox (enterprise_id, channel, recipient, subject, body, cost, state)
            select ${enterpriseId}, 'sms', ${recipient}, 'subject', 'code ' || g, 0.065, 'sent' from generate_series(1, ${n}) g`.execute(
    db,
  );
}

/**
 * An outbox of two enterprises (250 messages of Alpha, 30 of Beta) with sessions of the super
 * administrator, Alpha's main account (its cloud account, SPEC §1, §6) and a staff member of Alpha;
 * `page` calls the outbox list, `list` answers its data.
 */
export async function seedOutbox(t: TestApp) {
  const enterpriseA = (await createEnterprise(t.db, 'Alpha')).id;
  const enterpriseB = (await createEnterprise(t.db, 'Beta')).id;
  await addOutboxRows(t.db, enterpriseA, 250, '13800000001');
  await addOutboxRows(t.db, enterpriseB, 30, '13900000002');
  const a = await createUser(t.db, { enterprise_id: enterpriseA, is_cloud_account: true });
  const s = await createUser(t.db, { enterprise_id: enterpriseA, login_mode: 'sub' });
  const page = (token: string, body: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/api/outbox/page/query', headers: { xaccesstoken: token }, payload: body });
  return {
    enterpriseA,
    enterpriseB,
    admin: await t.login(ADMIN.loginName, ADMIN.password),
    mainA: await t.login(a.login_name, 'Passw0rd!'),
    subA: await t.login(s.login_name, 'Passw0rd!', 'sub'),
    page,
    list: async (token: string, body: Record<string, unknown>) => (await page(token, body)).body.data as OutboxPage,
  };
}
