// Enterprises, roles, staff and groups through the API, with the server enforcing every privilege.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp, data } from '../helper.js';
import { apiEnterprise, countRows, uniqueLogin } from '../factories.js';

let t: TestApp;
let admin: string;
let acme: Awaited<ReturnType<typeof apiEnterprise>>;

const as = (token: string) => t.as(token);

async function addRole(token: string, roleName: string, privilegeKeys: string[]) {
  return data<{ id: number }>(await as(token).post('/api/role/add', { roleName, privilegeKeys })).id;
}
async function addEmployee(token: string, roleIds: number[], extra: Record<string, unknown> = {}) {
  const loginName = uniqueLogin('staff');
  const body = await as(token).post('/api/employee/add', {
    loginName,
    name: 'Li Lei',
    password: await t.encrypt('Staff@pass1'),
    roleIds,
    ...extra,
  });
  return { id: data<{ id: number }>(body).id, loginName };
}
const staffToken = (loginName: string, password = 'Staff@pass1') => t.login(loginName, password, 'sub');

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(ADMIN.loginName, ADMIN.password);
  acme = await apiEnterprise(t, admin, 'Acme Security');
});
afterAll(() => t.close());

describe('enterprises', () => {
  it('creates an enterprise whose main account is a cloud account seeing every menu', async () => {
    const session = data<{
      isCloudAccount: boolean;
      userPrivilegeKeys: string[];
      userAccount: { enterpriseName: string };
    }>(await as(acme.token).get('/api/session/get'));
    expect(session.isCloudAccount).toBe(true);
    expect(session.userAccount.enterpriseName).toBe('Acme Security');
    expect(session.userPrivilegeKeys).toContain('face-config');
  });

  it('lists enterprises with their main account, for the super administrator only', async () => {
    const page = data<{ list: { name: string; mainLoginName: string }[] }>(
      await as(admin).post('/api/enterprise/query', { page: 1, size: 50 }),
    );
    expect(page.list).toContainEqual(expect.objectContaining({ name: 'Acme Security', mainLoginName: acme.loginName }));
    expect((await as(acme.token).post('/api/enterprise/query', { page: 1, size: 50 })).code).toBe(4117);
  });

  it('refuses a taken login name and a weak password', async () => {
    const taken = await as(admin).post('/api/enterprise/add', {
      name: 'Copycat',
      loginName: acme.loginName.toUpperCase(),
      password: await t.encrypt('Boss@pass123'),
    });
    expect(taken).toMatchObject({ code: 409, msg: 'This login name is already taken.' });
    const weak = await as(admin).post('/api/enterprise/add', {
      name: 'Weak',
      loginName: uniqueLogin('weak'),
      password: await t.encrypt('weak'),
    });
    expect(weak.code).toBe(4000);
  });

  it('disabling an enterprise ends its sessions at once and stops sign-in; enabling restores it', async () => {
    const other = await apiEnterprise(t, admin, 'Short Lived');
    expect((await as(other.token).get('/api/session/get')).code).toBe(1);
    expect((await as(admin).post('/api/enterprise/updateStatus', { id: other.id, status: 0 })).code).toBe(1);
    expect((await as(other.token).get('/api/session/get')).code).toBe(1001);
    await expect(t.login(other.loginName, 'Boss@pass123')).rejects.toThrow(/14004/);
    await as(admin).post('/api/enterprise/updateStatus', { id: other.id, status: 1 });
    await t.login(other.loginName, 'Boss@pass123');
  });

  it('renames an enterprise and refuses the platform’s own', async () => {
    expect((await as(admin).post('/api/enterprise/update', { id: acme.id, name: 'Acme Security' })).code).toBe(1);
    const platform = await t.db
      .selectFrom('enterprise')
      .select('id')
      .where('is_platform', '=', true)
      .executeTakeFirstOrThrow();
    expect((await as(admin).post('/api/enterprise/updateStatus', { id: platform.id, status: 0 })).code).toBe(404);
  });
});

describe('roles', () => {
  it('adds a role, completing function points with their menus', async () => {
    const id = await addRole(acme.token, 'Receptionist', ['user-add']);
    const role = data<{ privilegeKeys: string[] }>(await as(acme.token).get(`/api/role/get/${id}`));
    expect(role.privilegeKeys).toEqual(['user', 'user-add']);
  });

  it.each([
    [{ roleName: '', privilegeKeys: [] }, 4000, 'roleName'],
    [{ roleName: 'x'.repeat(21), privilegeKeys: [] }, 4000, 'at most 20'],
    [{ roleName: 'Odd', privilegeKeys: ['fly'] }, 4000, 'Unknown privilege: fly'],
    [{ roleName: 'Faces', privilegeKeys: ['face-config'] }, 4000, 'cannot be granted'],
  ])('refuses %j', async (payload, code, text) => {
    const res = await as(acme.token).post('/api/role/add', payload);
    expect(res.code).toBe(code);
    expect(res.msg).toContain(text);
  });

  it('refuses a duplicate name, copies, renames and deletes a role no one holds', async () => {
    const id = await addRole(acme.token, 'Night Shift', ['preview']);
    expect((await as(acme.token).post('/api/role/add', { roleName: 'Night Shift', privilegeKeys: [] })).code).toBe(409);
    const copy = data<{ id: number }>(
      await as(acme.token).post('/api/role/copy', { id, roleName: 'Night Shift 2' }),
    ).id;
    expect(data<{ privilegeKeys: string[] }>(await as(acme.token).get(`/api/role/get/${copy}`)).privilegeKeys).toEqual([
      'preview',
      'project',
    ]);
    expect(
      (await as(acme.token).post('/api/role/update', { id: copy, roleName: 'Day Shift', privilegeKeys: ['download'] }))
        .code,
    ).toBe(1);
    expect((await as(acme.token).get(`/api/role/delete/${copy}`)).code).toBe(1);
    expect((await as(acme.token).get(`/api/role/get/${copy}`)).code).toBe(404);
  });

  it('refuses deleting a role staff hold', async () => {
    const id = await addRole(acme.token, 'Guards', ['preview']);
    await addEmployee(acme.token, [id]);
    expect((await as(acme.token).get(`/api/role/delete/${id}`)).code).toBe(409);
  });

  it('serves the catalogue for the role editor: menus, then a menu’s function points', async () => {
    const menus = data<{ key: string; type: string }[]>(await as(acme.token).post('/api/privilege/menu'));
    expect(menus.map((m) => m.key)).toEqual(expect.arrayContaining(['project', 'user', 'role', 'cost']));
    expect(menus.every((m) => m.type !== 'points')).toBe(true);
    const points = data<{ key: string }[]>(await as(acme.token).post('/api/privilege/function', { menuKey: 'user' }));
    expect(points.map((p) => p.key)).toEqual(expect.arrayContaining(['user-add', 'user-edit', 'user-status']));
    const ai = data<{ key: string }[]>(await as(acme.token).post('/api/privilege/function', { menuKey: 'aisvr' }));
    expect(ai.map((p) => p.key)).not.toContain('face-config');
  });
});

describe('staff and what their roles let them do', () => {
  it('signs an employee in with loginMode sub and shows only the granted menus', async () => {
    const role = await addRole(acme.token, 'Viewers', ['preview']);
    const e = await addEmployee(acme.token, [role]);
    const token = await staffToken(e.loginName);
    const session = data<{ isCloudAccount: boolean; userPrivilegeKeys: string[]; roles: { roleName: string }[] }>(
      await as(token).get('/api/session/get'),
    );
    expect(session.isCloudAccount).toBe(false);
    expect(session.userPrivilegeKeys.sort()).toEqual(['preview', 'project']);
    expect(session.roles).toEqual([{ id: role, roleName: 'Viewers' }]);
    await expect(t.login(e.loginName, 'Staff@pass1', 'main')).rejects.toThrow(/14020/);
  });

  it('answers 4117 and changes nothing when an employee lacks the route’s privilege', async () => {
    const role = await addRole(acme.token, 'Readers', ['user']);
    const e = await addEmployee(acme.token, [role]);
    const token = await staffToken(e.loginName);
    expect((await as(token).post('/api/employee/query', { page: 1, size: 10 })).code).toBe(1);
    const before = await countRows(t.db, 'user');
    const res = await as(token).post('/api/employee/add', {
      loginName: uniqueLogin('sneak'),
      name: 'Sneak',
      password: await t.encrypt('Staff@pass1'),
      roleIds: [role],
    });
    expect(res).toMatchObject({ code: 4117 });
    expect(await countRows(t.db, 'user')).toBe(before);
    expect((await as(token).get('/api/role/getAll')).code).toBe(4117);
  });

  it('never lets staff grant what they do not hold', async () => {
    const manager = await addRole(acme.token, 'Staff Managers', ['user-add', 'user-edit', 'role-add', 'role-edit']);
    const powerful = await addRole(acme.token, 'Cost Clerks', ['cost']);
    const m = await addEmployee(acme.token, [manager]);
    const token = await staffToken(m.loginName);
    const beyond = await as(token).post('/api/role/add', { roleName: 'Escalate', privilegeKeys: ['cost'] });
    expect(beyond).toMatchObject({ code: 4117, msg: 'You cannot grant a privilege you do not hold: cost' });
    expect((await as(token).post('/api/role/add', { roleName: 'Helpers', privilegeKeys: ['user-add'] })).code).toBe(1);
    const viaEmployee = await as(token).post('/api/employee/add', {
      loginName: uniqueLogin('x'),
      name: 'X',
      password: await t.encrypt('Staff@pass1'),
      roleIds: [powerful],
    });
    expect(viaEmployee.code).toBe(4117);
    expect((await as(token).post('/api/employee/updateRoles', { id: m.id, roleIds: [manager, powerful] })).code).toBe(
      4117,
    );
  });

  it('disabling an employee ends their sessions at once; enabling lets them back', async () => {
    const role = await addRole(acme.token, 'Temps', ['download']);
    const e = await addEmployee(acme.token, [role]);
    const token = await staffToken(e.loginName);
    expect((await as(token).get('/api/session/get')).code).toBe(1);
    expect((await as(acme.token).get(`/api/employee/updateStatus/${e.id}/0`)).code).toBe(1);
    expect((await as(token).get('/api/session/get')).code).toBe(1001);
    await expect(staffToken(e.loginName)).rejects.toThrow(/14004/);
    expect((await as(acme.token).post('/api/employee/batchUpdateStatus', { ids: [e.id], status: 1 })).code).toBe(1);
    await staffToken(e.loginName);
    expect((await as(acme.token).post('/api/employee/batchUpdateStatus', { ids: [], status: 1 })).msg).toContain(
      'Select at least one item',
    );
  });

  it('resets a password to a generated one, shown once, ending the old sessions', async () => {
    const role = await addRole(acme.token, 'Forgetful', ['download']);
    const e = await addEmployee(acme.token, [role]);
    const old = await staffToken(e.loginName);
    const { password } = data<{ password: string }>(await as(acme.token).get(`/api/employee/resetPasswd/${e.id}`));
    expect((await as(old).get('/api/session/get')).code).toBe(1001);
    await staffToken(e.loginName, password);
    expect(
      (await as(acme.token).post('/api/employee/updatePwd', { id: e.id, password: await t.encrypt('Chosen@pass9') }))
        .code,
    ).toBe(1);
    await staffToken(e.loginName, 'Chosen@pass9');
  });

  it('refuses a mutating GET whose token comes only in the cookie', async () => {
    const role = await addRole(acme.token, 'Cookie Test', ['download']);
    const e = await addEmployee(acme.token, [role]);
    const res = await t.call({
      method: 'GET',
      url: `/api/employee/updateStatus/${e.id}/0`,
      cookies: { token: acme.token },
    });
    expect(res.body.code).toBe(1001);
    expect(data<{ status: number }>(await as(acme.token).get(`/api/employee/queryById?id=${e.id}`)).status).toBe(1);
  });

  it('searches staff by name, login name, status, role and department, paged', async () => {
    const role = await addRole(acme.token, 'Searchable', ['download']);
    const a = await addEmployee(acme.token, [role], { name: 'Wang Fang', department: 'Front Desk' });
    await addEmployee(acme.token, [role], { name: 'Zhao Min', department: 'Front Desk' });
    const q = async (filter: object) =>
      data<{ list: { id: number; name: string }[]; total: number }>(
        await as(acme.token).post('/api/employee/query', { page: 1, size: 50, ...filter }),
      );
    expect((await q({ name: 'wang' })).list.map((e) => e.id)).toEqual([a.id]);
    expect((await q({ loginName: a.loginName })).total).toBe(1);
    expect((await q({ roleId: role })).total).toBe(2);
    expect((await q({ department: 'Front Desk' })).total).toBe(2);
    expect((await q({ name: '%' })).total).toBe(0);
    const depts = data<{ id: number; name: string; employeeCount: number }[]>(
      await as(acme.token).post('/api/employee/group/query'),
    );
    const desk = depts.find((d) => d.name === 'Front Desk')!;
    expect(desk.employeeCount).toBe(2);
    expect(data<unknown[]>(await as(acme.token).get(`/api/employee/listEmployeeByDeptId/${desk.id}`))).toHaveLength(2);
  });

  it('checks SPEC §5 rules on staff fields, naming the field', async () => {
    const role = await addRole(acme.token, 'Rules', ['download']);
    const base = {
      loginName: uniqueLogin('ok'),
      name: 'Ok',
      password: await t.encrypt('Staff@pass1'),
      roleIds: [role],
    };
    for (const [patch, field] of [
      [{ loginName: '1abc' }, 'loginName'],
      [{ name: 'Robert"); DROP TABLE' }, 'name'],
      [{ mobile: '12345' }, 'mobile'],
      [{ email: 'nope' }, 'email'],
      [{ roleIds: [] }, 'roleIds'],
      [{ password: await t.encrypt('short') }, 'password'],
    ] as const) {
      const res = await as(acme.token).post('/api/employee/add', { ...base, ...patch });
      expect(res.code, field).toBe(4000);
      expect(res.msg).toContain(field);
    }
  });

  it('lets anyone change their own profile, and only their own', async () => {
    const role = await addRole(acme.token, 'Self', ['download']);
    const e = await addEmployee(acme.token, [role]);
    const token = await staffToken(e.loginName);
    expect(
      (await as(token).post('/api/employee/updateById', { id: e.id, name: 'New Name', mobile: '13912345678' })).code,
    ).toBe(1);
    expect(data<{ name: string }>(await as(token).get('/api/session/get')).name).toBe('New Name');
    expect((await as(token).post('/api/employee/updateById', { id: e.id + 1, name: 'Other' })).code).toBe(4117);
  });

  it('keeps every employee with at least one role', async () => {
    const only = await addRole(acme.token, 'Only Role', ['download']);
    const e = await addEmployee(acme.token, [only]);
    expect(
      (await as(acme.token).post('/api/role/removeEmployeeList', { roleId: only, employeeIds: [e.id] })).code,
    ).toBe(409);
    const second = await addRole(acme.token, 'Second Role', ['download']);
    expect((await as(acme.token).post('/api/role/addEmployeeList', { roleId: second, employeeIds: [e.id] })).code).toBe(
      1,
    );
    expect(
      data<{ inRole: boolean; id: number }[]>(await as(acme.token).get(`/api/role/listAllEmployee/${second}`)).find(
        (x) => x.id === e.id,
      )?.inRole,
    ).toBe(true);
    expect(
      (
        await t.call({
          method: 'GET',
          url: `/api/role/removeEmployee?roleId=${only}&employeeId=${e.id}`,
          headers: { xaccesstoken: acme.token },
        })
      ).body.code,
    ).toBe(1);
    expect(data<{ id: number }[]>(await as(acme.token).get(`/api/role/getRoles/${e.id}`)).map((r) => r.id)).toEqual([
      second,
    ]);
    expect(
      data<{ total: number }>(
        await as(acme.token).post('/api/role/listEmployee', { roleId: second, page: 1, size: 10 }),
      ).total,
    ).toBe(1);
  });

  it('deletes an employee', async () => {
    const role = await addRole(acme.token, 'Leavers', ['download']);
    const e = await addEmployee(acme.token, [role]);
    expect((await as(acme.token).post(`/api/employee/delete/${e.id}`)).code).toBe(1);
    expect((await as(acme.token).get(`/api/employee/queryById?id=${e.id}`)).code).toBe(404);
  });
});

describe('device groups', () => {
  it('adds, refuses duplicates, and deletes only once closed', async () => {
    const id = data<{ id: number }>(await as(acme.token).post('/api/group/add', { name: 'Lobby Cameras' })).id;
    expect((await as(acme.token).post('/api/group/add', { name: 'Lobby Cameras' })).code).toBe(409);
    expect((await as(acme.token).post('/api/group/delete', { id })).msg).toBe('Close the group before deleting it.');
    expect((await as(acme.token).post('/api/group/update', { id, name: 'Lobby Cameras', state: 'closed' })).code).toBe(
      1,
    );
    expect((await as(acme.token).post('/api/group/delete', { id })).code).toBe(1);
    expect(data<{ id: number }[]>(await as(acme.token).post('/api/group/getAll')).some((g) => g.id === id)).toBe(false);
  });

  it('puts staff in a group of their own enterprise only', async () => {
    const other = await apiEnterprise(t, admin, 'Other Corp');
    const foreignGroup = data<{ id: number }>(await as(other.token).post('/api/group/add', { name: 'Theirs' })).id;
    const role = await addRole(acme.token, 'Grouped', ['download']);
    const res = await as(acme.token).post('/api/employee/add', {
      loginName: uniqueLogin('g'),
      name: 'G',
      password: await t.encrypt('Staff@pass1'),
      roleIds: [role],
      groupId: foreignGroup,
    });
    expect(res.code).toBe(4000);
    expect(res.msg).toContain('groupId');
  });
});

describe('video privileges', () => {
  it('grants powers over video per role; staff hold the union of their roles; nobody grants beyond their own', async () => {
    const all = data<{ key: string; name: string }[]>(await as(acme.token).post('/api/roleVideoPrivilege/queryAll'));
    expect(all.map((v) => v.key)).toEqual(['live', 'playback', 'download', 'ptz', 'talk', 'snapshot']);
    const watchers = await addRole(acme.token, 'Watchers', ['role', 'role-edit']);
    const players = await addRole(acme.token, 'Players', ['download']);
    expect(
      (await as(acme.token).post('/api/roleVideoPrivilege/update', { roleId: watchers, keys: ['live'] })).code,
    ).toBe(1);
    expect(
      (await as(acme.token).post('/api/roleVideoPrivilege/update', { roleId: players, keys: ['playback', 'live'] }))
        .code,
    ).toBe(1);
    expect(
      data<{ key: string }[]>(await as(acme.token).post('/api/roleVideoPrivilege/queryAll', { roleId: players })).map(
        (v) => v.key,
      ),
    ).toEqual(['live', 'playback']);
    const e = await addEmployee(acme.token, [watchers, players]);
    const token = await staffToken(e.loginName);
    expect(data<string[]>(await as(token).post('/api/roleVideoPrivilege/queryMine'))).toEqual(['live', 'playback']);
    expect(data<string[]>(await as(acme.token).post('/api/roleVideoPrivilege/queryMine'))).toHaveLength(6);
    const beyond = await as(token).post('/api/roleVideoPrivilege/update', { roleId: watchers, keys: ['download'] });
    expect(beyond.code).toBe(4117);
    expect(
      (await as(acme.token).post('/api/roleVideoPrivilege/update', { roleId: watchers, keys: ['fly'] })).code,
    ).toBe(4000);
  });
});

describe('lists staff managers pick from', () => {
  it('lets whoever adds or edits staff read the roles and groups, and nobody else', async () => {
    const adder = await addRole(acme.token, 'Adders', ['user-add']);
    const other = await addRole(acme.token, 'Downloaders', ['download']);
    const a = await staffToken((await addEmployee(acme.token, [adder])).loginName);
    const o = await staffToken((await addEmployee(acme.token, [other])).loginName);
    expect((await as(a).get('/api/role/getAll')).code).toBe(1);
    expect((await as(a).post('/api/group/getAll')).code).toBe(1);
    expect((await as(o).get('/api/role/getAll')).code).toBe(4117);
    expect((await as(o).post('/api/group/getAll')).code).toBe(4117);
  });
});
