// Staff acting on staff: nobody but a main account or a super administrator may act on a
// colleague whose privileges (keys, per-role projects and video powers, device group) reach beyond
// their own — every such action answers 4117 and changes nothing; within reach, each one works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp, data } from '../helper.js';
import { apiEnterprise, apiLogo, uniqueLogin } from '../factories.js';

let t: TestApp;
let acme: Awaited<ReturnType<typeof apiEnterprise>>;

const as = (token: string) => t.as(token);

const PASSWORD = 'Staff@pass1';
/** What a staff manager holds: every staff action, role editing, and the device menu on one site. */
const MANAGER_KEYS = [
  'user-add',
  'user-edit',
  'user-status',
  'user-reset-password',
  'user-delete',
  'role-edit',
  'device-show',
];

async function addRole(
  roleName: string,
  privilegeKeys: string[],
  projects: { projectId: number; privilegeKeys: string[] }[] = [],
) {
  const id = data<{ id: number }>(await as(acme.token).post('/api/role/add', { roleName, privilegeKeys })).id;
  if (projects.length) data(await as(acme.token).post('/api/roleProjectPrivilege/update', { roleId: id, projects }));
  return id;
}
async function addEmployee(roleIds: number[], extra: Record<string, unknown> = {}) {
  const loginName = uniqueLogin('staff');
  const id = data<{ id: number }>(
    await as(acme.token).post('/api/employee/add', {
      loginName,
      name: 'Li Lei',
      password: await t.encrypt(PASSWORD),
      roleIds,
      email: `${loginName}@example.com`,
      ...extra,
    }),
  ).id;
  return { id, loginName };
}
const signIn = (loginName: string, password = PASSWORD) => t.login(loginName, password, 'sub');
const employee = (id: number) =>
  as(acme.token)
    .get(`/api/employee/queryById?id=${id}`)
    .then((b) => data<{ email: string | null; status: number; groupId: number | null; roles: { id: number }[] }>(b));

let north: number;
let south: number;
let manager: number;
let senior: number;
let clerk: number;
let southPeer: number;
let watcher: number;
let group: number;
/** The acting staff member: MANAGER_KEYS, the North site. */
let m: { id: number; loginName: string; token: string };
/** Same as m plus the cost menu: more keys. */
let s: { id: number; loginName: string };
/** m's keys, but on the South site: projects m does not reach. */
let p: { id: number; loginName: string };
/** A role of m's keys with a video power m lacks. */
let v: { id: number; loginName: string };

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  acme = await apiEnterprise(t, admin, 'Escalation Corp');
  const logo = await apiLogo(t, acme.token);
  const project = async (proName: string) =>
    data<{ id: number }>(await as(acme.token).post('/api/project/add', { proName, proLogo: logo })).id;
  north = await project('North');
  south = await project('South');
  const site = (projectId: number) => [{ projectId, privilegeKeys: ['device-show'] }];
  manager = await addRole('Managers', MANAGER_KEYS, site(north));
  senior = await addRole('Seniors', [...MANAGER_KEYS, 'cost'], site(north));
  clerk = await addRole('Clerks', ['user']);
  southPeer = await addRole('South managers', MANAGER_KEYS, site(south));
  watcher = await addRole('Watchers', ['user']);
  data(await as(acme.token).post('/api/roleVideoPrivilege/update', { roleId: watcher, keys: ['live'] }));
  group = data<{ id: number }>(await as(acme.token).post('/api/group/add', { name: 'Lobby' })).id;
  const mine = await addEmployee([manager]);
  m = { ...mine, token: await signIn(mine.loginName) };
  s = await addEmployee([senior, clerk]);
  p = await addEmployee([southPeer]);
  v = await addEmployee([watcher]);
}, 60_000);
afterAll(() => t.close());

describe('a colleague whose roles hold more keys', () => {
  it('keeps their password: a reset or a chosen password is refused, and the old one still signs in', async () => {
    const reset = await as(m.token).get(`/api/employee/resetPasswd/${s.id}`);
    expect(reset.code).toBe(4117);
    expect(reset.data).toBeUndefined();
    const chosen = await as(m.token).post('/api/employee/updatePwd', {
      id: s.id,
      password: await t.encrypt('Taken@over99'),
    });
    expect(chosen.code).toBe(4117);
    await expect(signIn(s.loginName)).resolves.toEqual(expect.any(String));
    await expect(signIn(s.loginName, 'Taken@over99')).rejects.toThrow(/14020/);
  });

  it('keeps their email, status and existence', async () => {
    const before = await employee(s.id);
    expect(
      (await as(m.token).post('/api/employee/update', { id: s.id, name: 'Li Lei', email: 'me@evil.example' })).code,
    ).toBe(4117);
    expect((await as(m.token).get(`/api/employee/updateStatus/${s.id}/0`)).code).toBe(4117);
    expect((await as(m.token).post('/api/employee/batchUpdateStatus', { ids: [s.id], status: 0 })).code).toBe(4117);
    expect((await as(m.token).post(`/api/employee/delete/${s.id}`)).code).toBe(4117);
    expect(await employee(s.id)).toEqual(before);
  });

  it('refuses a batch that names them among colleagues within reach, changing none', async () => {
    const c = await addEmployee([clerk]);
    expect((await as(m.token).post('/api/employee/batchUpdateStatus', { ids: [c.id, s.id], status: 0 })).code).toBe(
      4117,
    );
    expect((await employee(c.id)).status).toBe(1);
  });

  it('keeps their roles, by the staff screen and by the role screen', async () => {
    const extra = await addRole('Extras', ['user']);
    expect((await as(m.token).post('/api/employee/updateRoles', { id: s.id, roleIds: [clerk] })).code).toBe(4117);
    expect((await as(m.token).post('/api/role/removeEmployeeList', { roleId: clerk, employeeIds: [s.id] })).code).toBe(
      4117,
    );
    expect((await as(m.token).get(`/api/role/removeEmployee?roleId=${clerk}&employeeId=${s.id}`)).code).toBe(4117);
    expect((await as(m.token).post('/api/role/addEmployeeList', { roleId: extra, employeeIds: [s.id] })).code).toBe(
      4117,
    );
    expect((await employee(s.id)).roles.map((r) => r.id).sort()).toEqual([senior, clerk].sort());
  });

  it('keeps the projects and video powers of their role', async () => {
    expect(
      (
        await as(m.token).post('/api/roleProjectPrivilege/update', {
          roleId: senior,
          projects: [{ projectId: north, privilegeKeys: [] }],
        })
      ).code,
    ).toBe(4117);
    expect((await as(m.token).post('/api/roleVideoPrivilege/update', { roleId: senior, keys: [] })).code).toBe(4117);
    expect(data<unknown[]>(await as(acme.token).post(`/api/roleProjectPrivilege/query/${senior}`))).toEqual([
      { projectId: north, privilegeKeys: ['device-show'] },
    ]);
  });
});

describe('a colleague with the same keys on projects the actor does not reach', () => {
  it('cannot be reset, edited, disabled or deleted', async () => {
    expect((await as(m.token).get(`/api/employee/resetPasswd/${p.id}`)).code).toBe(4117);
    expect(
      (await as(m.token).post('/api/employee/update', { id: p.id, name: 'X', email: 'x@evil.example' })).code,
    ).toBe(4117);
    expect((await as(m.token).get(`/api/employee/updateStatus/${p.id}/0`)).code).toBe(4117);
    expect((await as(m.token).post(`/api/employee/delete/${p.id}`)).code).toBe(4117);
    await expect(signIn(p.loginName)).resolves.toEqual(expect.any(String));
  });

  it('cannot be made: a role reaching other projects is not handed out', async () => {
    const res = await as(m.token).post('/api/employee/add', {
      loginName: uniqueLogin('made'),
      name: 'Made',
      password: await t.encrypt(PASSWORD),
      roleIds: [southPeer],
    });
    expect(res.code).toBe(4117);
    const c = await addEmployee([clerk]);
    expect((await as(m.token).post('/api/employee/updateRoles', { id: c.id, roleIds: [southPeer] })).code).toBe(4117);
    expect((await as(m.token).post('/api/role/addEmployeeList', { roleId: southPeer, employeeIds: [c.id] })).code).toBe(
      4117,
    );
    expect((await employee(c.id)).roles.map((r) => r.id)).toEqual([clerk]);
  });
});

describe('a colleague with a video power the actor lacks', () => {
  it('cannot have their password reset', async () => {
    expect((await as(m.token).get(`/api/employee/resetPasswd/${v.id}`)).code).toBe(4117);
    await expect(signIn(v.loginName)).resolves.toEqual(expect.any(String));
  });
});

describe('a staff member limited to a device group', () => {
  it('acts only on colleagues limited to the same group, and puts nobody outside it', async () => {
    const limited = await addEmployee([manager], { groupId: group });
    const token = await signIn(limited.loginName);
    const free = await addEmployee([clerk]);
    const grouped = await addEmployee([clerk], { groupId: group });
    expect((await as(token).get(`/api/employee/resetPasswd/${free.id}`)).code).toBe(4117);
    expect((await as(token).get(`/api/employee/resetPasswd/${grouped.id}`)).code).toBe(1);
    expect((await as(token).post('/api/employee/update', { id: grouped.id, name: 'Out', groupId: null })).code).toBe(
      4117,
    );
    expect((await employee(grouped.id)).groupId).toBe(group);
  });
});

describe('colleagues within reach', () => {
  it('can be reset, edited, re-roled, disabled, enabled and deleted', async () => {
    const c = await addEmployee([clerk]);
    const { password } = data<{ password: string }>(await as(m.token).get(`/api/employee/resetPasswd/${c.id}`));
    await expect(signIn(c.loginName, password)).resolves.toEqual(expect.any(String));
    expect(
      (await as(m.token).post('/api/employee/updatePwd', { id: c.id, password: await t.encrypt('Chosen@pass9') })).code,
    ).toBe(1);
    expect(
      (await as(m.token).post('/api/employee/update', { id: c.id, name: 'Han Meimei', email: 'hm@example.com' })).code,
    ).toBe(1);
    expect((await employee(c.id)).email).toBe('hm@example.com');
    expect((await as(m.token).post('/api/employee/updateRoles', { id: c.id, roleIds: [clerk, manager] })).code).toBe(1);
    expect((await as(m.token).get(`/api/employee/updateStatus/${c.id}/0`)).code).toBe(1);
    expect((await as(m.token).post('/api/employee/batchUpdateStatus', { ids: [c.id], status: 1 })).code).toBe(1);
    expect((await as(m.token).post(`/api/employee/delete/${c.id}`)).code).toBe(1);
  });

  it('includes everyone for the main account', async () => {
    const { password } = data<{ password: string }>(await as(acme.token).get(`/api/employee/resetPasswd/${s.id}`));
    await expect(signIn(s.loginName, password)).resolves.toEqual(expect.any(String));
    expect(
      (await as(acme.token).post('/api/employee/update', { id: p.id, name: 'Li Lei', email: 'p@example.com' })).code,
    ).toBe(1);
  });
});
