// One mechanism for what a route needs: every API route names catalogue keys (or
// 'platform'), except the few in OPEN_ROUTES that are for anyone or for whoever is signed in; a
// route left open by mistake cannot even be registered. Then staff holding only the project and
// device menus with device-show call every route whose key they lack: each answers 4117 and
// nothing in the database changes. Notice rules are also scoped to the caller's projects.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVILEGE_KEYS } from '@svc/contracts';
import { OPEN_ROUTES, registerAuth } from '../../src/http/auth.js';
import { createTestApp, ADMIN, type TestApp, data, type Body } from '../helper.js';
import { apiEnterprise, apiLogo, uniqueLogin } from '../factories.js';
import { operationsOf, type Doc, type Schema } from '../openapi.js';

let t: TestApp;
let doc: Doc;
let boss: Awaited<ReturnType<typeof apiEnterprise>>;
let north: number;
let south: number;
let northRule: number;
let southRule: number;
let mixedRule: number;
let bossUser: number;
/** Staff holding only project, device and device-show, on the North site. */
let viewer: string;
/** The same plus device-edit: may set notice rules, on the North site only. */
let editor: string;
let ids: number[];

const as = (token: string) => t.as(token);

const operations = () => operationsOf(doc);
/** OPEN_ROUTES names routes as Fastify does: `GET /api/file/:id`. */
const routeName = (method: string, path: string) => `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`;

/** A value the schema accepts, with `id` wherever an id goes: enough to reach the handler if let in. */
function sample(schema: Schema, name: string, id: number): unknown {
  if (schema.$ref) return sample(doc.components.schemas[schema.$ref.split('/').pop()!]!, name, id);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0]!, name, id);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object')
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => schema.required?.includes(key))
        .map(([key, prop]) => [key, sample(prop, key, id)]),
    );
  if (type === 'array') return [sample(schema.items ?? {}, name, id)];
  if (type === 'integer' || type === 'number') return id;
  if (type === 'boolean') return true;
  return /email/i.test(name) ? 'sweep@example.com' : 'Sweep';
}

/** Everything in the database but what merely records that a request came: any change fails. */
async function snapshot(): Promise<string> {
  const tables = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition
    order by 1`.execute(t.db);
  const skip = new Set(['session', 'rsa_key', 'captcha', 'login_failure']);
  const parts: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    if (skip.has(name)) continue;
    const rows = await sql`select * from ${sql.table(name)}`.execute(t.db);
    parts[name] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  const sessions = await sql<{ user_id: number }>`select user_id, token_hash from session`.execute(t.db);
  parts.session = sessions.rows.map((r) => JSON.stringify(r)).sort();
  return JSON.stringify(parts);
}

async function staff(keys: string[], projectId: number): Promise<string> {
  const roleId = data<{ id: number }>(
    await as(boss.token).post('/api/role/add', { roleName: `Role ${uniqueLogin('r')}`, privilegeKeys: keys }),
  ).id;
  data(
    await as(boss.token).post('/api/roleProjectPrivilege/update', {
      roleId,
      projects: [{ projectId, privilegeKeys: ['device-show'] }],
    }),
  );
  const loginName = uniqueLogin('staff');
  data(
    await as(boss.token).post('/api/employee/add', {
      loginName,
      name: 'Zhang San',
      password: await t.encrypt('Staff@pass1'),
      roleIds: [roleId],
    }),
  );
  return t.login(loginName, 'Staff@pass1', 'sub');
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  boss = await apiEnterprise(t, admin, 'Route Privileges Corp');
  const logo = await apiLogo(t, boss.token);
  const project = async (proName: string) =>
    data<{ id: number }>(await as(boss.token).post('/api/project/add', { proName, proLogo: logo })).id;
  north = await project('North');
  south = await project('South');
  bossUser = (
    await t.db.selectFrom('user').select('id').where('login_name', '=', boss.loginName).executeTakeFirstOrThrow()
  ).id;
  const rule = async (name: string, projectIds: number[]) =>
    data<{ id: number }>(
      await as(boss.token).post('/api/alarm/notice/add', {
        name,
        projectIds,
        types: ['A'],
        channels: ['email'],
        userIds: [bossUser],
      }),
    ).id;
  northRule = await rule('North rule', [north]);
  southRule = await rule('South rule', [south]);
  mixedRule = await rule('Both sites', [north, south]);
  data(await as(boss.token).post('/api/alarm/notice/common/save', [{ userId: bossUser, channels: ['email'] }]));
  const device = data<{ id: number }>(
    await as(boss.token).post('/api/device/add', {
      sn: 'ROUTEPRIV0000001',
      devName: 'Gate',
      devType: 'IPC',
      projectId: south,
      password: 'p',
    }),
  ).id;
  viewer = await staff(['project', 'device', 'device-show'], north);
  editor = await staff(['project', 'device', 'device-show', 'device-edit'], north);
  const roles = await t.db.selectFrom('role').select('id').execute();
  const users = await t.db.selectFrom('user').select('id').execute();
  ids = [
    ...new Set([
      north,
      south,
      northRule,
      southRule,
      device,
      bossUser,
      ...roles.map((r) => r.id),
      ...users.map((u) => u.id),
    ]),
  ];
  doc = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json<Doc>();
}, 60_000);
afterAll(() => t.close());

describe('route declarations', () => {
  it('name catalogue keys or the platform, unless the route is one of the few open ones', () => {
    const wrong: string[] = [];
    for (const { path, method, access } of operations()) {
      if (!path.startsWith('/api/') && !path.startsWith('/rsa/')) continue;
      const name = routeName(method, path);
      if (access === 'public' || access === 'signed-in') {
        if (OPEN_ROUTES[name] !== access) wrong.push(`${name}: ${access} but not in OPEN_ROUTES`);
      } else if (access === 'platform') {
        continue;
      } else {
        const keys = typeof access === 'string' ? [access] : (access ?? []);
        if (keys.length === 0 || keys.some((k) => !PRIVILEGE_KEYS.has(k))) wrong.push(`${name}: ${String(access)}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every open route is a real one: the list says exactly what is open, no more.
    const names = new Set(operations().map((o) => routeName(o.method, o.path)));
    expect(Object.keys(OPEN_ROUTES).filter((n) => !names.has(n))).toEqual([]);
  });

  it('keeps the open list short: a sign-in, a password, one’s own profile and session', () => {
    expect(Object.values(OPEN_ROUTES).filter((a) => a === 'signed-in').length).toBeLessThanOrEqual(6);
  });

  it('refuses to register a route open to any signed-in person that the list does not name', async () => {
    const app = Fastify();
    registerAuth(app, async () => null);
    expect(() => app.post('/api/alarm/notice/sneak', { config: { access: 'signed-in' } }, async () => null)).toThrow(
      /OPEN_ROUTES/,
    );
    expect(() => app.get('/api/session/get', { config: { access: 'public' } }, async () => null)).toThrow(
      /OPEN_ROUTES/,
    );
    expect(() => app.get('/api/x', {}, async () => null)).toThrow(/declares no access/);
    // Named routes register with the access the list gives them; keys register as before.
    app.get('/api/session/get', { config: { access: 'signed-in' } }, async () => null);
    app.post('/api/alarm/notice/deleteByIds', { config: { access: 'device-edit' } }, async () => null);
    await app.close();
  });
});

describe('staff holding only project, device and device-show', () => {
  const held = new Set(['project', 'device', 'device-show']);

  it('get 4117 from every route whose key they lack, and nothing changes', async () => {
    const before = await snapshot();
    const let_in: string[] = [];
    let calls = 0;
    for (const { path, method, op, access } of operations()) {
      if (access === undefined || access === 'public' || access === 'signed-in') continue;
      const keys = typeof access === 'string' ? [access] : access;
      if (keys.some((k) => held.has(k))) continue;
      for (const id of ids) {
        let url = path.replace(/\{(\w+)\}/g, () => String(id));
        const query = (op.parameters ?? []).filter((p) => p.in === 'query');
        if (query.length)
          url += `?${new URLSearchParams(query.map((p): [string, string] => [p.name, String(sample(p.schema, p.name, id))]))}`;
        const json = op.requestBody?.content['application/json'];
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { xaccesstoken: viewer, language: 'en-US' },
          ...(json ? { payload: sample(json.schema, 'body', id) as object } : {}),
        });
        calls++;
        const code = res.json<Body>().code;
        expect(code, `the staff session ended at ${method} ${url}`).not.toBe(1001);
        if (code !== 4117) let_in.push(`${method} ${url} → ${res.body.slice(0, 160)}`);
      }
    }
    expect(let_in).toEqual([]);
    expect(calls).toBeGreaterThan(100);
    expect(await snapshot()).toBe(before);
  });

  it('cannot delete a notice rule or empty the common notice users', async () => {
    const before = await snapshot();
    expect((await as(viewer).post('/api/alarm/notice/deleteByIds', [northRule])).code).toBe(4117);
    expect((await as(viewer).post('/api/alarm/notice/deleteByIds', [southRule])).code).toBe(4117);
    expect((await as(viewer).post('/api/alarm/notice/common/save', [])).code).toBe(4117);
    expect(await snapshot()).toBe(before);
    expect(data<unknown[]>(await as(boss.token).post('/api/alarm/notice/common/list'))).toEqual([
      { userId: bossUser, channels: ['email'] },
    ]);
  });
});

describe('staff who may set notice rules, on some projects', () => {
  it('see and change only rules wholly within their projects', async () => {
    const before = await snapshot();
    const listed = data<{ id: number }[]>(await as(editor).post('/api/alarm/notice/list'));
    expect(listed.map((r) => r.id)).toEqual([northRule]);
    expect((await as(editor).post('/api/alarm/notice/deleteByIds', [southRule])).code).toBe(404);
    expect((await as(editor).post('/api/alarm/notice/deleteByIds', [mixedRule])).code).toBe(404);
    expect((await as(editor).post('/api/alarm/notice/deleteByIds', [northRule, southRule])).code).toBe(404);
    const update = {
      id: southRule,
      name: 'Taken',
      projectIds: [north],
      types: ['A'],
      channels: ['email'],
      userIds: [bossUser],
    };
    expect((await as(editor).post('/api/alarm/notice/update', update)).code).toBe(404);
    expect(await snapshot()).toBe(before);
    expect((await as(editor).post('/api/alarm/notice/update', { ...update, id: northRule, name: 'North' })).code).toBe(
      1,
    );
  });

  it('cannot replace the common notice users, who hear of every project', async () => {
    const before = await snapshot();
    expect((await as(editor).post('/api/alarm/notice/common/save', [])).code).toBe(4117);
    expect(await snapshot()).toBe(before);
  });

  it('delete a rule of their own projects', async () => {
    expect((await as(editor).post('/api/alarm/notice/deleteByIds', [northRule])).code).toBe(1);
    const left = data<{ id: number }[]>(await as(boss.token).post('/api/alarm/notice/list'));
    expect(left.map((r) => r.id).sort()).toEqual([southRule, mixedRule].sort());
  });
});
