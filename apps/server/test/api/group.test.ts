// Device groups through the API (SPEC §3 group with device and channel privileges, §6): adding and
// closing them, the staff a group limits, moved in and out within the caller's reach and enterprise,
// and what a group naming channels of one device leaves of the others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupEmployee } from '@svc/contracts';
import { type TestApp, data } from '../helper.js';
import {
  apiDevice,
  apiEnterprise,
  apiLogo,
  apiProject,
  apiRole,
  apiStaff,
  enterpriseApp,
  uniqueLogin,
  type Enterprise,
} from '../factories.js';

let t: TestApp;
let admin: string;
let boss: Enterprise;
let rival: Enterprise;
let acme: Enterprise;
let projectId: number;

const as = (token: string) => t.as(token);

const addGroup = async (token: string, name: string) =>
  data<{ id: number }>(await as(token).post('/api/group/add', { name })).id;
async function addRole(privilegeKeys: string[], projects: { projectId: number; privilegeKeys: string[] }[] = []) {
  const id = await apiRole(t, boss.token, uniqueLogin('R'), privilegeKeys);
  if (projects.length) data(await as(boss.token).post('/api/roleProjectPrivilege/update', { roleId: id, projects }));
  return id;
}
const addStaff = (roleIds: number[], name = 'Li Lei', extra: Record<string, unknown> = {}) =>
  apiStaff(t, boss.token, roleIds, { name, ...extra });
const members = async (token: string, groupId: number) =>
  data<GroupEmployee[]>(await as(token).post('/api/group/employee/query', { groupId }));
const addDevice = async (devName: string, devType: 'IPC' | 'NVR' = 'IPC') =>
  (await apiDevice(t, boss.token, { projectId, devName, devType })).id;

beforeAll(async () => {
  ({ t, admin, enterprise: boss } = await enterpriseApp('Group Members Co'));
  rival = await apiEnterprise(t, admin, 'Group Rival Co');
  acme = await apiEnterprise(t, admin, 'Acme Security');
  projectId = await apiProject(t, boss.token, { proName: 'Depot', proLogo: await apiLogo(t, boss.token) });
});
afterAll(() => t.close());

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
    const role = await apiRole(t, acme.token, 'Grouped', ['download']);
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

describe('staff of a device group', () => {
  it('lists every staff member with their group, puts them in (moving them out of another) and takes them out', async () => {
    const role = await addRole(['account']);
    const gate = await addGroup(boss.token, 'Gate');
    const yard = await addGroup(boss.token, 'Yard');
    const a = await addStaff([role], 'Ann');
    const b = await addStaff([role], 'Bo', { groupId: yard });

    expect(await members(boss.token, gate)).toEqual(
      expect.arrayContaining([
        { id: a.id, loginName: a.loginName, name: 'Ann', groupId: null, groupName: null },
        { id: b.id, loginName: b.loginName, name: 'Bo', groupId: yard, groupName: 'Yard' },
      ]),
    );
    data(await as(boss.token).post('/api/group/employee/listAdd', { groupId: gate, employeeIds: [a.id, b.id] }));
    const now = await members(boss.token, gate);
    expect(now.filter((m) => m.id === a.id || m.id === b.id).map((m) => m.groupName)).toEqual(['Gate', 'Gate']);
    const list = data<{ id: number; employeeCount: number }[]>(await as(boss.token).post('/api/group/getAll'));
    expect(list.find((g) => g.id === gate)?.employeeCount).toBe(2);
    expect(list.find((g) => g.id === yard)?.employeeCount).toBe(0);

    data(await as(boss.token).post('/api/group/employee/listRemove', { groupId: gate, employeeIds: [a.id] }));
    // Taking someone out of a group they are not in leaves them where they are.
    data(await as(boss.token).post('/api/group/employee/listRemove', { groupId: yard, employeeIds: [b.id] }));
    const after = await members(boss.token, gate);
    expect(after.find((m) => m.id === a.id)?.groupId).toBeNull();
    expect(after.find((m) => m.id === b.id)?.groupId).toBe(gate);
  });

  it('answers 404 for a group or staff of another enterprise, and changes nothing', async () => {
    const role = await addRole(['account']);
    const ours = await addGroup(boss.token, 'Ours');
    const theirs = await addGroup(rival.token, 'Theirs');
    const staff = await addStaff([role]);
    expect((await as(rival.token).post('/api/group/employee/query', { groupId: ours })).code).toBe(404);
    expect(
      (await as(rival.token).post('/api/group/employee/listAdd', { groupId: theirs, employeeIds: [staff.id] })).code,
    ).toBe(404);
    expect(
      (await as(boss.token).post('/api/group/employee/listAdd', { groupId: theirs, employeeIds: [staff.id] })).code,
    ).toBe(404);
    expect((await members(boss.token, ours)).find((m) => m.id === staff.id)?.groupId).toBeNull();
    // The rival's list never shows our staff.
    expect((await members(rival.token, theirs)).some((m) => m.id === staff.id)).toBe(false);
  });

  it('needs group-edit to move staff and never lets the mover move themselves', async () => {
    const viewer = await addStaff([await addRole(['user', 'role'])]);
    const editor = await addStaff([await addRole(['user', 'user-edit', 'role', 'group-edit'])]);
    const clerk = await addStaff([await addRole(['user'])]);
    const group = await addGroup(boss.token, 'Hall');
    const body = { groupId: group, employeeIds: [clerk.id] };
    const viewerToken = await viewer.login();
    expect((await members(viewerToken, group)).length).toBeGreaterThan(0);
    expect(await as(viewerToken).post('/api/group/employee/listAdd', body)).toMatchObject({ code: 4117 });
    const editorToken = await editor.login();
    expect((await as(editorToken).post('/api/group/employee/listAdd', body)).code).toBe(1);
    expect(
      (await as(editorToken).post('/api/group/employee/listAdd', { groupId: group, employeeIds: [editor.id] })).code,
    ).toBe(4117);
  });

  it('lets a staff member limited to a group act only within it: nobody widened, moved elsewhere or pulled in', async () => {
    const group = await addGroup(boss.token, 'Limited');
    const other = await addGroup(boss.token, 'Elsewhere');
    const editing = await addRole(['user', 'user-edit', 'role', 'group-edit']);
    const manager = await addStaff([editing], 'Manager', { groupId: group });
    const clerkRole = await addRole(['user']);
    const colleague = await addStaff([clerkRole], 'Colleague', { groupId: group });
    const outsider = await addStaff([clerkRole], 'Outsider');
    const token = await manager.login();
    const move = (url: string, groupId: number, id: number) => as(token).post(url, { groupId, employeeIds: [id] });
    // Taking a colleague out would let them see every device of their projects.
    expect(await move('/api/group/employee/listRemove', group, colleague.id)).toMatchObject({ code: 4117 });
    expect((await move('/api/group/employee/listAdd', other, colleague.id)).code).toBe(4117);
    // Someone outside any group already reaches further than the manager.
    expect((await move('/api/group/employee/listAdd', group, outsider.id)).code).toBe(4117);
    // Re-adding a colleague to the manager's own group changes nothing and is allowed.
    expect((await move('/api/group/employee/listAdd', group, colleague.id)).code).toBe(1);
    const now = await members(boss.token, group);
    expect(now.find((m) => m.id === colleague.id)?.groupId).toBe(group);
    expect(now.find((m) => m.id === outsider.id)?.groupId).toBeNull();
  });

  it('limits a member’s devices at once, and frees them at once when taken out', async () => {
    const inside = await addDevice('Inside camera');
    await addDevice('Outside camera');
    const role = await addRole(['project', 'device', 'device-show'], [{ projectId, privilegeKeys: ['device-show'] }]);
    const staff = await addStaff([role]);
    const token = await staff.login();
    const seen = async () =>
      data<{ list: { devName: string }[] }>(
        await as(token).post('/api/device/page/queryList', { page: 1, size: 100 }),
      ).list.map((d) => d.devName);
    expect(await seen()).toEqual(expect.arrayContaining(['Inside camera', 'Outside camera']));

    const group = await addGroup(boss.token, 'One camera');
    data(await as(boss.token).post('/api/group/device/listAdd', { groupId: group, deviceIds: [inside] }));
    data(await as(boss.token).post('/api/group/employee/listAdd', { groupId: group, employeeIds: [staff.id] }));
    expect(await seen()).toEqual(['Inside camera']);
    data(await as(boss.token).post('/api/group/employee/listRemove', { groupId: group, employeeIds: [staff.id] }));
    expect(await seen()).toEqual(expect.arrayContaining(['Inside camera', 'Outside camera']));
  });

  it('grants nothing while the group is closed, at once, and its devices again once it opens', async () => {
    const inside = await addDevice('Closed-group camera');
    const role = await addRole(['project', 'device', 'device-show'], [{ projectId, privilegeKeys: ['device-show'] }]);
    const group = await addGroup(boss.token, 'Night shift');
    data(await as(boss.token).post('/api/group/device/listAdd', { groupId: group, deviceIds: [inside] }));
    const staff = await addStaff([role], 'Night guard', { groupId: group });
    const token = await staff.login();
    const seen = async () =>
      data<{ list: { devName: string }[] }>(
        await as(token).post('/api/device/page/queryList', { page: 1, size: 100 }),
      ).list.map((d) => d.devName);
    expect(await seen()).toEqual(['Closed-group camera']);
    const setState = async (state: 'open' | 'closed') =>
      data(await as(boss.token).post('/api/group/update', { id: group, name: 'Night shift', state }));
    await setState('closed');
    expect(await seen()).toEqual([]);
    expect((await as(token).post('/api/device/channel/list', { deviceId: inside })).code).toBe(404);
    await setState('open');
    expect(await seen()).toEqual(['Closed-group camera']);
  });
});

describe('devices and channels of a group', () => {
  it('adds a channel with its device, limits only that device’s channels, and drops them with the device', async () => {
    const camera = await addDevice('Lobby camera');
    const nvr = await addDevice('Back office NVR', 'NVR');
    const [enterprise] = await t.db.selectFrom('device').select('enterprise_id').where('id', '=', nvr).execute();
    const nvrChannels = await t.db
      .insertInto('channel')
      .values(
        [1, 2, 3].map((i) => ({
          device_id: nvr,
          enterprise_id: enterprise!.enterprise_id,
          index_no: i,
          channel_title: `Office ${i}`,
        })),
      )
      .returning('id')
      .execute();
    const group = await addGroup(boss.token, 'Mixed');
    data(await as(boss.token).post('/api/group/device/listAdd', { groupId: group, deviceIds: [camera] }));
    data(await as(boss.token).post('/api/group/channel/listAdd', { groupId: group, channelIds: [nvrChannels[1]!.id] }));
    const devices = data<{ list: { id: number }[] }>(
      await as(boss.token).post('/api/group/device/query', { groupId: group, page: 1, size: 10 }),
    );
    expect(devices.list.map((d) => d.id).sort((x, y) => x - y)).toEqual([camera, nvr].sort((x, y) => x - y));

    const role = await addRole(['project', 'device', 'device-show'], [{ projectId, privilegeKeys: ['device-show'] }]);
    const staff = await addStaff([role], 'Office guard', { groupId: group });
    const token = await staff.login();
    const channelsOf = async (deviceId: number) =>
      data<{ channelTitle: string }[]>(await as(token).post('/api/device/channel/list', { deviceId })).map(
        (c) => c.channelTitle,
      );
    expect(await channelsOf(nvr)).toEqual(['Office 2']);
    // The camera's own channel is not limited by channels named of the NVR.
    expect(await channelsOf(camera)).toEqual(['Lobby camera']);

    data(await as(boss.token).post('/api/group/device/listRemove', { groupId: group, deviceIds: [nvr] }));
    expect(data<unknown[]>(await as(boss.token).post('/api/group/channel/query', { groupId: group }))).toEqual([]);
    expect((await as(token).post('/api/device/channel/list', { deviceId: nvr })).code).toBe(404);
  });
});
