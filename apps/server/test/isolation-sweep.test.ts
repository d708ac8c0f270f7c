// The isolation sweep: every route of the OpenAPI document is called with enterprise B's token and
// enterprise A's ids, and with a staff token of A lacking the route's privilege. It fails if an answer
// carries A's data or anything of A changes. Then every route gets text PostgreSQL cannot store and
// text far past any limit in every string field, and must refuse it without a 5xx and keep answering.
// Requests are built from each route's schema, so a route added later is swept without touching this
// file.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp } from './helper.js';
import { apiEnterprise } from './factories.js';
import { makePng, multipartFile } from './images.js';
import { operationsOf, type Doc, type Operation, type Schema } from './openapi.js';

const MARK = 'zzalpha';
let t: TestApp;
let doc: Doc;
let tokenB: string;
let staffOfA: string;
let staffKeys: Set<string>;
/** A's ids of every kind; id-like fields take each in turn. */
let idsOfA: number[];
let encrypted: string;

const isIdName = (name: string) => /(^id$|Id$|^ids$|Ids$)/.test(name);
/** Set by the bad-text sweep: every string field, optional ones too, carries this text. */
let textOverride: string | undefined;

/** A value the schema accepts, with A's id in id-like places. */
function sample(schema: Schema, name: string, id: number): unknown {
  if (schema.$ref) return sample(doc.components.schemas[schema.$ref.split('/').pop()!]!, name, id);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0]!, name, id);
  if (schema.allOf) return sample(schema.allOf[0]!, name, id);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return name === 'state' && schema.enum.includes('closed') ? 'closed' : schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (textOverride !== undefined || schema.required?.includes(key) || isIdName(key))
          out[key] = sample(prop, key, id);
      }
      return out;
    }
    case 'array':
      return name === 'privilegeKeys' ? ['download'] : [sample(schema.items ?? {}, name.replace(/s$/, ''), id)];
    case 'integer':
    case 'number':
      if (isIdName(name) || name === 'id') return id;
      if (name === 'status') return 0;
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(name, schema);
    case undefined:
    default:
      return isIdName(name) ? id : 'Sweep';
  }
}

function sampleString(name: string, schema: Schema): string {
  if (textOverride !== undefined) return textOverride;
  if (/password/i.test(name)) return encrypted;
  if (schema.format === 'email' || /email/i.test(name)) return 'sweep@example.com';
  if (name === 'mobile') return '13800000000';
  if (name === 'loginName' || name === 'userName') return 'sweepuser';
  if (name === 'code') return '123456';
  if (name === 'sn') return 'SWEEP00000000001';
  if (name === 'gbCode') return '34020000001320000099';
  if (name === 'proName') return 'Sweep_site';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  return 'Sweep';
}

/** One request per id of A for routes that take ids; a single one for those that take none. */
function requestsFor(path: string, method: string, op: Operation) {
  const all = idsOfA.map((id) => {
    let url = path;
    const query = new URLSearchParams();
    for (const p of op.parameters ?? []) {
      const value = String(sample(p.schema, p.name, id));
      if (p.in === 'path') url = url.replace(`{${p.name}}`, value);
      else if (textOverride !== undefined || p.required || isIdName(p.name)) query.set(p.name, value);
    }
    const content = op.requestBody?.content ?? {};
    const json = content['application/json'];
    const multipartBody = content['multipart/form-data'];
    const full = query.size ? `${url}?${query}` : url;
    if (multipartBody) {
      // An upload naming A's things: an import that resolves names must resolve them in B.
      const boundary = '----sweep';
      const file =
        textOverride === undefined
          ? `loginName,name,password,roles\n${MARK}x,Sweep,Sweep@pass1,${MARK} role\n`
          : `loginName,name,password,roles\nsweep${textOverride},${textOverride},Sweep@pass1,${textOverride}\n`;
      return {
        method,
        url: full,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\n${file}\r\n--${boundary}--\r\n`,
      };
    }
    return { method, url: full, headers: {}, ...(json ? { payload: sample(json.schema, 'body', id) as object } : {}) };
  });
  const unique = new Map(all.map((r) => [JSON.stringify([r.url, r.payload]), r]));
  return [...unique.values()];
}

/** Everything of enterprise A, as text: any change between two snapshots fails the sweep. */
async function snapshotOfA(enterpriseId: number): Promise<string> {
  const tables = [
    'user',
    'role',
    'device_group',
    'department',
    'file',
    'outbox',
    'project',
    'device',
    'channel',
    'tag',
  ] as const;
  const parts: unknown[] = [await t.db.selectFrom('enterprise').selectAll().where('id', '=', enterpriseId).execute()];
  for (const table of tables) {
    parts.push(
      await sql`select * from ${sql.table(table)} where enterprise_id = ${enterpriseId} order by id`
        .execute(t.db)
        .then((r) => r.rows),
    );
  }
  parts.push(
    await sql`select rp.* from role_privilege rp join role r on r.id = rp.role_id where r.enterprise_id = ${enterpriseId} order by 1, 2`
      .execute(t.db)
      .then((r) => r.rows),
    await sql`select ur.* from user_role ur join "user" u on u.id = ur.user_id where u.enterprise_id = ${enterpriseId} order by 1, 2`
      .execute(t.db)
      .then((r) => r.rows),
    await sql`select token_hash from session where enterprise_id = ${enterpriseId} order by 1`
      .execute(t.db)
      .then((r) => r.rows),
  );
  return JSON.stringify(parts);
}

let enterpriseA: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  encrypted = await t.encrypt('Sweep@pass1');
  const a = await apiEnterprise(t, admin, `${MARK} Corp`);
  const b = await apiEnterprise(t, admin, 'Bravo Corp');
  enterpriseA = a.id;
  tokenB = b.token;
  const call = async (url: string, payload: object) => {
    const res = await t.call({ method: 'POST', url, headers: { xaccesstoken: a.token }, payload });
    if (res.body.code !== 1) throw new Error(`${url}: ${JSON.stringify(res.body)}`);
    return res.body.data as { id: number };
  };
  const group = await call('/api/group/add', { name: `${MARK} group`, remark: `${MARK} remark` });
  const role = await call('/api/role/add', { roleName: `${MARK} role`, privilegeKeys: ['user', 'role'] });
  const weak = await call('/api/role/add', { roleName: `${MARK} weak`, privilegeKeys: ['download'] });
  const employee = await call('/api/employee/add', {
    loginName: `${MARK}emp`,
    name: `${MARK} Person`,
    password: encrypted,
    roleIds: [role.id],
    groupId: group.id,
    department: `${MARK} dept`,
    email: `${MARK}@example.com`,
  });
  const staff = await call('/api/employee/add', {
    loginName: `${MARK}staff`,
    name: `${MARK} Staff`,
    password: encrypted,
    roleIds: [weak.id],
  });
  staffOfA = await t.login(`${MARK}staff`, 'Sweep@pass1', 'sub');
  // A logo whose bytes carry the mark after the image, and enterprise info full of it.
  const upload = multipartFile(Buffer.concat([makePng(4, 4), Buffer.from(MARK)]), 'logo.png');
  const logo = await t.call({
    method: 'POST',
    url: '/api/file/localUpload/5',
    headers: { ...upload.headers, xaccesstoken: a.token },
    payload: upload.payload,
  });
  const logoId = (logo.body.data as { id: number }).id;
  await call('/api/platform/update', {
    name: `${MARK} Corp`,
    identity: MARK,
    scale: MARK,
    industry: MARK,
    mainBusiness: MARK,
    region: MARK,
    address: MARK,
    mobile: '13800000001',
    email: `${MARK}@example.com`,
    backupEmail: `${MARK}2@example.com`,
    platformId: MARK,
    logoFileId: logoId,
  }).catch(() => {
    throw new Error('platform update failed');
  });
  staffKeys = new Set(['download']);
  const department = await t.db
    .selectFrom('department')
    .select('id')
    .where('enterprise_id', '=', a.id)
    .executeTakeFirstOrThrow();
  const mainUser = await t.db
    .selectFrom('user')
    .select('id')
    .where('login_name', '=', a.loginName)
    .executeTakeFirstOrThrow();
  // A project tree with a device and a channel of its own, all marked.
  const site = await call('/api/project/add', { proName: `${MARK}_site`, proLogo: `/api/file/${logoId}` });
  const area = await call('/api/project/add', {
    proName: `${MARK}_area`,
    proLogo: `/api/file/${logoId}`,
    parentId: site.id,
    kind: 'area',
  });
  const device = await call('/api/device/add', {
    sn: 'ZZALPHA000000001',
    devName: `${MARK} camera`,
    devType: 'IPC',
    projectId: area.id,
    password: `${MARK}pw`,
  });
  const channel = await t.db
    .selectFrom('channel')
    .select('id')
    .where('device_id', '=', device.id)
    .executeTakeFirstOrThrow();
  await call('/api/roleProjectPrivilege/update', {
    roleId: role.id,
    projects: [{ projectId: site.id, privilegeKeys: ['device-add'] }],
  });
  await call('/api/group/device/listAdd', { groupId: group.id, deviceIds: [device.id] });
  await call('/api/group/channel/listAdd', { groupId: group.id, channelIds: [channel.id] });
  const alarm = await call('/api/alarm/add', { deviceId: device.id, channel: 1, type: 'A', content: `${MARK} alarm` });
  const rule = await call('/api/alarm/notice/add', {
    name: `${MARK} rule`,
    projectIds: [site.id],
    types: ['A'],
    channels: ['email'],
    userIds: [mainUser.id],
  });
  idsOfA = [
    a.id,
    mainUser.id,
    employee.id,
    staff.id,
    role.id,
    weak.id,
    group.id,
    department.id,
    logoId,
    site.id,
    area.id,
    device.id,
    channel.id,
    alarm.id,
    rule.id,
  ];
  doc = (await t.app.inject({ method: 'GET', url: '/swagger/json' })).json<Doc>();
});
afterAll(() => t.close());

// Session routes go last: a wrong old password counts towards the caller's lockout, which would end
// the sweeping session early.
const operations = () =>
  operationsOf(doc)
    .map((o) => ({ ...o, access: o.access ?? 'signed-in' }))
    .sort((x, y) => Number(x.path.startsWith('/api/session/')) - Number(y.path.startsWith('/api/session/')));

describe('isolation sweep', () => {
  it('covers the routes of every domain in the document', () => {
    const paths = operations().map((o) => o.path);
    for (const prefix of [
      '/api/employee/',
      '/api/role/',
      '/api/group/',
      '/api/enterprise/',
      '/api/session/',
      '/api/outbox/',
      '/api/device/',
      '/api/alarm/',
      '/api/restful',
    ]) {
      expect(
        paths.some((p) => p.startsWith(prefix)),
        prefix,
      ).toBe(true);
    }
  });

  it('gives enterprise B none of A’s data and lets it change nothing of A', async () => {
    const before = await snapshotOfA(enterpriseA);
    const leaks: string[] = [];
    let calls = 0;
    for (const { path, method, op, access } of operations()) {
      if (access === 'public') continue;
      for (const req of requestsFor(path, method, op)) {
        const res = await t.app.inject({
          ...req,
          method: req.method as 'GET',
          headers: { ...req.headers, xaccesstoken: tokenB },
        });
        calls++;
        // A dead token would make every later call bounce at the door and the sweep prove nothing.
        expect(res.json<{ code: number }>().code, `B's session ended at ${method} ${req.url}`).not.toBe(1001);
        if (res.body.toLowerCase().includes(MARK)) leaks.push(`${method} ${req.url}: ${res.body.slice(0, 200)}`);
        expect(res.statusCode, `${method} ${req.url} ${res.body}`).toBeLessThan(500);
      }
    }
    expect(leaks).toEqual([]);
    expect(await snapshotOfA(enterpriseA)).toBe(before);
    expect(calls).toBeGreaterThan(100);
  });

  it('answers 4117 to A’s staff on every route whose privilege they lack, changing nothing', async () => {
    const before = await snapshotOfA(enterpriseA);
    const allowed: string[] = [];
    for (const { path, method, op, access } of operations()) {
      const keys = typeof access === 'string' ? [access] : access;
      if (access === 'public' || access === 'signed-in' || keys.some((k) => staffKeys.has(k))) continue;
      for (const req of requestsFor(path, method, op)) {
        const res = await t.app.inject({
          ...req,
          method: req.method as 'GET',
          headers: { ...req.headers, xaccesstoken: staffOfA },
        });
        const code = res.json<{ code: number }>().code;
        expect(code, `A's staff session ended at ${method} ${req.url}`).not.toBe(1001);
        if (code !== 4117) allowed.push(`${method} ${req.url} → ${res.body.slice(0, 120)}`);
      }
    }
    expect(allowed).toEqual([]);
    expect(await snapshotOfA(enterpriseA)).toBe(before);
  });

  it('refuses text that cannot be stored, and text past every limit, on every route without a 5xx', async () => {
    const mainOfB = tokenB;
    const failures: string[] = [];
    const bad = [
      { name: 'NUL byte', text: 'ab\u0000cd', refused: true },
      { name: 'lone surrogate', text: 'ab\uD800cd', refused: true },
      { name: 'over-long', text: 'x'.repeat(20_000), refused: false },
    ];
    let calls = 0;
    for (const { name, text, refused } of bad) {
      textOverride = text;
      try {
        for (const { path, method, op } of operations()) {
          // Signing out would end the session the rest of the sweep runs on.
          if (path === '/api/session/logOut') continue;
          for (const req of requestsFor(path, method, op)) {
            const res = await t.app.inject({
              ...req,
              method: req.method as 'GET',
              headers: { ...req.headers, xaccesstoken: mainOfB },
            });
            calls++;
            const code = res.json<{ code: number }>().code;
            // In a JSON body, or (a NUL; UTF-8 cannot carry a lone surrogate) in the URL. An upload
            // carries the text inside its file instead.
            const probe = JSON.stringify(text.slice(0, 3)).slice(1, -1);
            const carried =
              (typeof req.payload === 'object' && JSON.stringify(req.payload).includes(probe)) ||
              (name === 'NUL byte' && req.url.includes('ab%00'));
            const where = `${name}: ${method} ${req.url.slice(0, 80)} → ${res.statusCode} ${res.body.slice(0, 160)}`;
            if (res.statusCode >= 500) failures.push(where);
            // Text that cannot be stored is a parameter error wherever it comes (4117 first on routes
            // for the platform's administrator, whose access is checked before the body is read).
            else if (refused && carried && code !== 4000 && code !== 4117) failures.push(where);
          }
        }
      } finally {
        textOverride = undefined;
      }
      // Still answering, database included.
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, name).toBe(200);
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(300);
  });
});
