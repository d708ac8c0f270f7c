// Roles through the API: menus and function points, video privileges, and nobody granting beyond their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, data } from '../helper.js';
import { enterpriseApp, apiRole, apiStaff, type Enterprise } from '../factories.js';

let t: TestApp;
let acme: Enterprise;

const as = (token: string) => t.as(token);

beforeAll(async () => {
  ({ t, enterprise: acme } = await enterpriseApp('Acme Security'));
});
afterAll(() => t.close());

describe('roles', () => {
  it('adds a role, completing function points with their menus', async () => {
    const id = await apiRole(t, acme.token, 'Receptionist', ['user-add']);
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
    const id = await apiRole(t, acme.token, 'Night Shift', ['preview']);
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
    const id = await apiRole(t, acme.token, 'Guards', ['preview']);
    await apiStaff(t, acme.token, [id]);
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

describe('video privileges', () => {
  it('grants powers over video per role; staff hold the union of their roles; nobody grants beyond their own', async () => {
    const all = data<{ key: string; name: string }[]>(await as(acme.token).post('/api/roleVideoPrivilege/queryAll'));
    expect(all.map((v) => v.key)).toEqual(['live', 'playback', 'download', 'ptz', 'talk', 'snapshot']);
    const watchers = await apiRole(t, acme.token, 'Watchers', ['role', 'role-edit']);
    const players = await apiRole(t, acme.token, 'Players', ['download']);
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
    const e = await apiStaff(t, acme.token, [watchers, players]);
    const token = await e.login();
    expect(data<string[]>(await as(token).post('/api/roleVideoPrivilege/queryMine'))).toEqual(['live', 'playback']);
    expect(data<string[]>(await as(acme.token).post('/api/roleVideoPrivilege/queryMine'))).toHaveLength(6);
    const beyond = await as(token).post('/api/roleVideoPrivilege/update', { roleId: watchers, keys: ['download'] });
    expect(beyond.code).toBe(4117);
    expect(
      (await as(acme.token).post('/api/roleVideoPrivilege/update', { roleId: watchers, keys: ['fly'] })).code,
    ).toBe(4000);
  });
});
