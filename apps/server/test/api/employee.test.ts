// Staff through the API: what their roles let them do, searching, passwords, status and the lists managers pick from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, data } from '../helper.js';
import { enterpriseApp, apiRole, apiStaff, countRows, uniqueLogin, type Enterprise } from '../factories.js';

let t: TestApp;
let acme: Enterprise;

const as = (token: string) => t.as(token);

beforeAll(async () => {
  ({ t, enterprise: acme } = await enterpriseApp('Acme Security'));
});
afterAll(() => t.close());

describe('staff and what their roles let them do', () => {
  it('signs an employee in with loginMode sub and shows only the granted menus', async () => {
    const role = await apiRole(t, acme.token, 'Viewers', ['preview']);
    const e = await apiStaff(t, acme.token, [role]);
    const token = await e.login();
    const session = data<{ isCloudAccount: boolean; userPrivilegeKeys: string[]; roles: { roleName: string }[] }>(
      await as(token).get('/api/session/get'),
    );
    expect(session.isCloudAccount).toBe(false);
    expect(session.userPrivilegeKeys.sort()).toEqual(['preview', 'project']);
    expect(session.roles).toEqual([{ id: role, roleName: 'Viewers' }]);
    await expect(t.login(e.loginName, 'Staff@pass1', 'main')).rejects.toThrow(/14020/);
  });

  it('answers 4117 and changes nothing when an employee lacks the route’s privilege', async () => {
    const role = await apiRole(t, acme.token, 'Readers', ['user']);
    const e = await apiStaff(t, acme.token, [role]);
    const token = await e.login();
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
    const manager = await apiRole(t, acme.token, 'Staff Managers', ['user-add', 'user-edit', 'role-add', 'role-edit']);
    const powerful = await apiRole(t, acme.token, 'Cost Clerks', ['cost']);
    const m = await apiStaff(t, acme.token, [manager]);
    const token = await m.login();
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
    const role = await apiRole(t, acme.token, 'Temps', ['download']);
    const e = await apiStaff(t, acme.token, [role]);
    const token = await e.login();
    expect((await as(token).get('/api/session/get')).code).toBe(1);
    expect((await as(acme.token).get(`/api/employee/updateStatus/${e.id}/0`)).code).toBe(1);
    expect((await as(token).get('/api/session/get')).code).toBe(1001);
    await expect(e.login()).rejects.toThrow(/14004/);
    expect((await as(acme.token).post('/api/employee/batchUpdateStatus', { ids: [e.id], status: 1 })).code).toBe(1);
    await e.login();
    expect((await as(acme.token).post('/api/employee/batchUpdateStatus', { ids: [], status: 1 })).msg).toContain(
      'Select at least one item',
    );
  });

  it('resets a password to a generated one, shown once, ending the old sessions', async () => {
    const role = await apiRole(t, acme.token, 'Forgetful', ['download']);
    const e = await apiStaff(t, acme.token, [role]);
    const old = await e.login();
    const { password } = data<{ password: string }>(await as(acme.token).get(`/api/employee/resetPasswd/${e.id}`));
    expect((await as(old).get('/api/session/get')).code).toBe(1001);
    await e.login(password);
    expect(
      (await as(acme.token).post('/api/employee/updatePwd', { id: e.id, password: await t.encrypt('Chosen@pass9') }))
        .code,
    ).toBe(1);
    await e.login('Chosen@pass9');
  });

  it('refuses a mutating GET whose token comes only in the cookie', async () => {
    const role = await apiRole(t, acme.token, 'Cookie Test', ['download']);
    const e = await apiStaff(t, acme.token, [role]);
    const res = await t.call({
      method: 'GET',
      url: `/api/employee/updateStatus/${e.id}/0`,
      cookies: { token: acme.token },
    });
    expect(res.body.code).toBe(1001);
    expect(data<{ status: number }>(await as(acme.token).get(`/api/employee/queryById?id=${e.id}`)).status).toBe(1);
  });

  it('searches staff by name, login name, status, role and department, paged', async () => {
    const role = await apiRole(t, acme.token, 'Searchable', ['download']);
    const a = await apiStaff(t, acme.token, [role], { name: 'Wang Fang', department: 'Front Desk' });
    await apiStaff(t, acme.token, [role], { name: 'Zhao Min', department: 'Front Desk' });
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
    const role = await apiRole(t, acme.token, 'Rules', ['download']);
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
    const role = await apiRole(t, acme.token, 'Self', ['download']);
    const e = await apiStaff(t, acme.token, [role]);
    const token = await e.login();
    expect(
      (await as(token).post('/api/employee/updateById', { id: e.id, name: 'New Name', mobile: '13912345678' })).code,
    ).toBe(1);
    expect(data<{ name: string }>(await as(token).get('/api/session/get')).name).toBe('New Name');
    expect((await as(token).post('/api/employee/updateById', { id: e.id + 1, name: 'Other' })).code).toBe(4117);
  });

  it('keeps every employee with at least one role', async () => {
    const only = await apiRole(t, acme.token, 'Only Role', ['download']);
    const e = await apiStaff(t, acme.token, [only]);
    expect(
      (await as(acme.token).post('/api/role/removeEmployeeList', { roleId: only, employeeIds: [e.id] })).code,
    ).toBe(409);
    const second = await apiRole(t, acme.token, 'Second Role', ['download']);
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
    const role = await apiRole(t, acme.token, 'Leavers', ['download']);
    const e = await apiStaff(t, acme.token, [role]);
    expect((await as(acme.token).post(`/api/employee/delete/${e.id}`)).code).toBe(1);
    expect((await as(acme.token).get(`/api/employee/queryById?id=${e.id}`)).code).toBe(404);
  });
});

describe('lists staff managers pick from', () => {
  it('lets whoever adds or edits staff read the roles and groups, and nobody else', async () => {
    const adder = await apiRole(t, acme.token, 'Adders', ['user-add']);
    const other = await apiRole(t, acme.token, 'Downloaders', ['download']);
    const a = await (await apiStaff(t, acme.token, [adder])).login();
    const o = await (await apiStaff(t, acme.token, [other])).login();
    expect((await as(a).get('/api/role/getAll')).code).toBe(1);
    expect((await as(a).post('/api/group/getAll')).code).toBe(1);
    expect((await as(o).get('/api/role/getAll')).code).toBe(4117);
    expect((await as(o).post('/api/group/getAll')).code).toBe(4117);
  });
});
