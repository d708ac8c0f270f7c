// Devices and channels through the API: adding, listing, moving and deleting them, GB codes from the
// regional configuration, tags, group membership, and what staff see of them.
import type { ProjectNode } from '@svc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, data } from '../helper.js';
import { apiLogo, newSn, uniqueLogin, treeApp, type Enterprise, type TreeApp } from '../factories.js';

let t: TestApp;
let boss: Enterprise;
let rival: Enterprise;
let addProject: TreeApp['addProject'];
let addDevice: TreeApp['addDevice'];

const as = (token: string) => t.as(token);

beforeAll(async () => {
  ({ t, boss, rival, addProject, addDevice } = await treeApp());
});
afterAll(() => t.close());

describe('devices', () => {
  let site: number;
  let wing: number;
  beforeAll(async () => {
    site = await addProject(boss.token, 'Mall');
    wing = await addProject(boss.token, 'North', site);
  });

  it('adds a camera with one channel and the default login name', async () => {
    const { id, sn } = await addDevice(boss.token, wing, 'IPC', 'Entrance');
    const device = data<{ sn: string; loginName: string; channelCount: number; projectName: string }>(
      await as(boss.token).get(`/api/device/detail/${id}`),
    );
    expect(device).toMatchObject({ sn, loginName: 'Admin', channelCount: 1, projectName: 'North' });
  });

  it.each([
    [{ sn: 'ABC123' }, 'serial number is 13, 16 or 20'],
    [{ sn: 'ABCDEFGHIJKLMN' }, 'serial number is 13, 16 or 20'],
    [{ sn: 'ABCDEFGHIJKL-' }, 'serial number is 13, 16 or 20'],
    [{ gbCode: '3402000000132000001' }, 'GB code is 20 digits'],
    [{ devType: 'PTZ' }, 'devType'],
    [{ password: '' }, 'password'],
  ])('refuses %j', async (patch, text) => {
    const res = await as(boss.token).post('/api/device/add', {
      sn: newSn(),
      devName: 'X',
      devType: 'IPC',
      projectId: wing,
      password: 'p',
      ...patch,
    });
    expect(res.code).toBe(4000);
    expect(res.msg).toContain(text);
  });

  it('refuses a serial number already added, whatever its case and whichever enterprise', async () => {
    const { sn } = await addDevice(boss.token, wing);
    const rivalSite = await (async () => {
      const url = await apiLogo(t, rival.token);
      return data<{ id: number }>(
        await as(rival.token).post('/api/project/add', { proName: 'RivalSite', proLogo: url }),
      ).id;
    })();
    const res = await as(rival.token).post('/api/device/add', {
      sn: sn.toLowerCase(),
      devName: 'Copy',
      devType: 'IPC',
      projectId: rivalSite,
      password: 'p',
    });
    expect(res).toMatchObject({ code: 409, msg: 'This serial number cannot be added: it is already registered.' });
    expect(
      (
        await as(rival.token).post('/api/device/add', {
          sn: newSn(),
          devName: 'Mine',
          devType: 'IPC',
          projectId: wing,
          password: 'p',
        })
      ).code,
    ).toBe(4000);
  });

  it('lists by subtree, type, status and text, pages, and counts by type and status', async () => {
    const mallOnly = await addProject(boss.token, 'Counted');
    for (const type of ['IPC', 'IPC', 'NVR', 'DVR'] as const)
      await addDevice(boss.token, mallOnly, type, `Counted ${type}`);
    const all = data<{ list: { id: number }[] }>(
      await as(boss.token).post('/api/device/page/queryList', { page: 1, size: 10, projectId: mallOnly }),
    );
    await t.db.updateTable('device').set({ status: 'online' }).where('id', '=', all.list[0]!.id).execute();
    const q = async (f: object) =>
      data<{ total: number; list: { devType: string }[] }>(
        await as(boss.token).post('/api/device/page/queryList', { page: 1, size: 2, projectId: mallOnly, ...f }),
      );
    expect((await q({})).total).toBe(4);
    expect((await q({ devType: 'IPC' })).total).toBe(2);
    expect((await q({ status: 'online' })).total).toBe(1);
    expect((await q({ text: 'counted nvr' })).list.map((d) => d.devType)).toEqual(['NVR']);
    const counts = data<{ total: number; byType: Record<string, number>; byStatus: Record<string, number> }>(
      await as(boss.token).post('/api/device/countByType'),
    );
    expect(counts.byType.NVR).toBeGreaterThanOrEqual(1);
    expect(counts.byStatus.online).toBe(1);
    expect(counts.total).toBe(counts.byType.IPC! + counts.byType.NVR! + counts.byType.DVR!);
    const rivalCounts = data<{ total: number }>(await as(rival.token).post('/api/device/countByType'));
    expect(rivalCounts.total).toBe(0);
  });

  it('finds by serial number, lists all without paging, moves, places and deletes', async () => {
    const { id, sn } = await addDevice(boss.token, wing, 'DVR', 'Back office');
    expect(
      data<{ list: { id: number }[] }>(
        await as(boss.token).post('/api/device/page/queryBySn', { page: 1, size: 10, sn: sn.slice(2, 12) }),
      ).list.map((d) => d.id),
    ).toEqual([id]);
    expect(
      data<{ id: number }[]>(await as(boss.token).post('/api/device/all/queryList', { projectId: wing })).some(
        (d) => d.id === id,
      ),
    ).toBe(true);
    expect(
      (await as(boss.token).post('/api/device/update', { id, devName: 'Back office 2', projectId: site })).code,
    ).toBe(1);
    expect(
      (await as(boss.token).post('/api/device/updateCoordinate', { id, longitude: 121.47, latitude: 31.23 })).code,
    ).toBe(1);
    expect(
      (await as(boss.token).post('/api/device/updateCoordinate', { id, longitude: 200, latitude: 31.23 })).code,
    ).toBe(4000);
    expect(
      data<{ projectId: number; longitude: number; devName: string }>(
        await as(boss.token).get(`/api/device/detail/${id}`),
      ),
    ).toMatchObject({ projectId: site, longitude: 121.47, devName: 'Back office 2' });
    expect((await as(rival.token).post('/api/device/deleteByIds', [id])).code).toBe(404);
    expect((await as(boss.token).post('/api/device/deleteByIds', [id])).code).toBe(1);
    expect((await as(boss.token).get(`/api/device/detail/${id}`)).code).toBe(404);
  });

  it('answers channel states of SPEC §4: −2 alarm message, ≥ 0 online and playable, else not configured', async () => {
    const { id } = await addDevice(boss.token, wing, 'NVR', 'Recorder 8');
    await t.db
      .insertInto('channel')
      .values(
        [0, -2, null, 3].map((main, i) => ({
          device_id: id,
          enterprise_id: boss.id,
          index_no: i + 1,
          channel_title: `CH${i + 1}`,
          main,
        })),
      )
      .execute();
    const channels = data<{ id: number; state: string; playable: boolean }[]>(
      await as(boss.token).post('/api/device/channel/list', { deviceId: id }),
    );
    expect(channels.map((c) => [c.state, c.playable])).toEqual([
      ['online', true],
      ['alarm', false],
      ['unconfigured', false],
      ['online', true],
    ]);
    expect(
      (
        await as(boss.token).post('/api/device/channel/update', {
          id: channels[0]!.id,
          channelTitle: 'Front door',
          enable: false,
        })
      ).code,
    ).toBe(1);
    expect(
      (await as(rival.token).post('/api/device/channel/update', { id: channels[0]!.id, channelTitle: 'Mine' })).code,
    ).toBe(404);
  });
});

describe('what staff see', () => {
  it('sees only the projects its roles are granted, with project-level keys, and only its group’s devices', async () => {
    const north = await addProject(boss.token, 'Granted');
    const south = await addProject(boss.token, 'Hidden');
    const inGroup = await addDevice(boss.token, north, 'IPC', 'In group');
    await addDevice(boss.token, north, 'IPC', 'Out of group');
    await addDevice(boss.token, south, 'IPC', 'Hidden camera');
    const role = data<{ id: number }>(
      await as(boss.token).post('/api/role/add', { roleName: 'North Guards', privilegeKeys: ['device', 'preview'] }),
    ).id;
    expect(
      (
        await as(boss.token).post('/api/roleProjectPrivilege/update', {
          roleId: role,
          projects: [{ projectId: north, privilegeKeys: ['device-add'] }],
        })
      ).code,
    ).toBe(1);
    expect(data<unknown[]>(await as(boss.token).post(`/api/roleProjectPrivilege/query/${role}`))).toEqual([
      { projectId: north, privilegeKeys: ['device-add'] },
    ]);
    const loginName = uniqueLogin('guard');
    await as(boss.token).post('/api/employee/add', {
      loginName,
      name: 'Guard',
      password: await t.encrypt('Staff@pass1'),
      roleIds: [role],
    });
    const staff = await t.login(loginName, 'Staff@pass1', 'sub');

    const tree = data<ProjectNode[]>(await as(staff).post('/api/project/query/mine'));
    expect(tree.map((n) => n.proName)).toEqual(['Granted']);
    expect(tree[0]!.privileges.map((p) => p.key)).toContain('device-add');
    expect(
      (
        await as(staff).post('/api/device/add', {
          sn: newSn(),
          devName: 'Staff cam',
          devType: 'IPC',
          projectId: north,
          password: 'p',
        })
      ).code,
    ).toBe(1);
    expect(
      (
        await as(staff).post('/api/device/add', {
          sn: newSn(),
          devName: 'Nope',
          devType: 'IPC',
          projectId: south,
          password: 'p',
        })
      ).code,
    ).toBe(4000);
    expect((await as(staff).post('/api/device/deleteByIds', [inGroup.id])).code).toBe(4117);
    expect(
      data<{ total: number }>(await as(staff).post('/api/device/page/queryList', { page: 1, size: 10 })).total,
    ).toBe(3);

    // Put the guard in a group holding one device: it now sees that one only.
    const group = data<{ id: number }>(await as(boss.token).post('/api/group/add', { name: 'Gate group' })).id;
    expect(
      (await as(boss.token).post('/api/group/device/listAdd', { groupId: group, deviceIds: [inGroup.id] })).code,
    ).toBe(1);
    expect(
      data<{ list: { id: number }[] }>(
        await as(boss.token).post('/api/group/device/query', { groupId: group, page: 1, size: 10 }),
      ).list.map((d) => d.id),
    ).toEqual([inGroup.id]);
    const employee = await t.db
      .selectFrom('user')
      .select('id')
      .where('login_name', '=', loginName)
      .executeTakeFirstOrThrow();
    expect(
      (await as(boss.token).post('/api/employee/update', { id: employee.id, name: 'Guard', groupId: group })).code,
    ).toBe(1);
    const page = data<{ list: { id: number }[] }>(
      await as(staff).post('/api/device/page/queryList', { page: 1, size: 10 }),
    );
    expect(page.list.map((d) => d.id)).toEqual([inGroup.id]);
    const treeNow = data<ProjectNode[]>(await as(staff).post('/api/project/query/mine'));
    expect(treeNow[0]!.deviceVOS.map((d) => d.sn)).toEqual([inGroup.sn]);
    // A group-limited member counts its group's devices, not the node's.
    expect(treeNow[0]!.deviceCount).toBe(1);
    const seen = data<{ subject: string }[]>(await as(staff).post('/api/project/activity/recent', { size: 50 }));
    // Project entries of granted nodes, and device entries of the group's devices only.
    expect(seen.map((a) => a.subject).sort()).toEqual(['Granted', 'In group']);
    expect(data<{ total: number }>(await as(staff).post('/api/device/countByType')).total).toBe(1);
  });
});

describe('group membership', () => {
  it('grants devices and channels through a group, refusing ones the caller does not see', async () => {
    const site = await addProject(boss.token, 'Grouped');
    const cam = await addDevice(boss.token, site);
    const group = data<{ id: number }>(await as(boss.token).post('/api/group/add', { name: 'Channel group' })).id;
    const channel = data<{ id: number }[]>(
      await as(boss.token).post('/api/device/channel/list', { deviceId: cam.id }),
    )[0]!;
    expect(
      (await as(boss.token).post('/api/group/channel/listAdd', { groupId: group, channelIds: [channel.id] })).code,
    ).toBe(1);
    expect(
      data<{ id: number }[]>(await as(boss.token).post('/api/group/channel/query', { groupId: group })).map(
        (c) => c.id,
      ),
    ).toEqual([channel.id]);
    expect(
      (await as(boss.token).post('/api/group/channel/listRemove', { groupId: group, channelIds: [channel.id] })).code,
    ).toBe(1);
    const rivalGroup = data<{ id: number }>(await as(rival.token).post('/api/group/add', { name: 'Theirs' })).id;
    expect(
      (await as(rival.token).post('/api/group/device/listAdd', { groupId: rivalGroup, deviceIds: [cam.id] })).code,
    ).toBe(404);
    expect(
      (await as(boss.token).post('/api/group/device/listAdd', { groupId: rivalGroup, deviceIds: [cam.id] })).code,
    ).toBe(404);
    expect((await as(boss.token).post('/api/group/device/listAdd', { groupId: group, deviceIds: [] })).msg).toContain(
      'Select at least one item',
    );
  });
});

describe('regional configuration and GB codes', () => {
  it('composes the next GB code for a device added without one, per device type', async () => {
    const config = {
      server: '10.0.0.1:5060',
      areaCode: '340200',
      unitNumber: '00',
      industryCode: '00',
      typeCode: '132',
      networkId: '0',
    };
    expect((await as(rival.token).post('/api/device/regional/update', config)).code).toBe(1);
    expect(data(await as(rival.token).post('/api/device/regional/query'))).toEqual({
      ...config,
      autoEnrolProjectId: null,
    });
    const url = await apiLogo(t, rival.token);
    const site = data<{ id: number }>(
      await as(rival.token).post('/api/project/add', { proName: 'Coded', proLogo: url }),
    ).id;
    const first = await addDevice(rival.token, site, 'IPC');
    const second = await addDevice(rival.token, site, 'IPC');
    const nvr = await addDevice(rival.token, site, 'NVR');
    const code = async (id: number) =>
      data<{ gbCode: string }>(await as(rival.token).get(`/api/device/detail/${id}`)).gbCode;
    expect(await code(first.id)).toBe('34020000001320000001');
    expect(await code(second.id)).toBe('34020000001320000002');
    expect(await code(nvr.id)).toBe('34020000001180000001');
  });

  it('refuses a GB code whose type digits do not match the device, and a bad unit number', async () => {
    const res = await as(boss.token).post('/api/device/add', {
      sn: newSn(),
      devName: 'X',
      devType: 'NVR',
      projectId: data<ProjectNode[]>(await as(boss.token).post('/api/project/query/mine'))[0]!.id,
      password: 'p',
      gbCode: '34020000001320000077',
    });
    expect(res.code).toBe(4000);
    expect(res.msg).toContain('NVR (118)');
    const bad = await as(boss.token).post('/api/device/regional/update', {
      server: 'x:1',
      areaCode: '340200',
      unitNumber: '0',
      industryCode: '00',
      typeCode: '132',
      networkId: '0',
    });
    expect(bad.msg).toContain('unit number is 2 digits');
  });
});

describe('tags', () => {
  it('tags devices, shows the tag on them, and drops a tag left on none', async () => {
    const site = await addProject(boss.token, 'Tagged');
    const a = await addDevice(boss.token, site);
    const b = await addDevice(boss.token, site);
    expect(
      (await as(boss.token).post('/api/device/tag/add', { tagName: 'Entrance', deviceIds: [a.id, b.id] })).code,
    ).toBe(1);
    expect(
      data<{ tagName: string; deviceCount: number }[]>(await as(boss.token).post('/api/device/tag/list')),
    ).toContainEqual(expect.objectContaining({ tagName: 'Entrance', deviceCount: 2 }));
    expect(data<{ tags: string[] }>(await as(boss.token).get(`/api/device/detail/${a.id}`)).tags).toEqual(['Entrance']);
    expect((await as(rival.token).post('/api/device/tag/add', { tagName: 'Mine', deviceIds: [a.id] })).code).toBe(404);
    await as(boss.token).post('/api/device/tag/remove', { tagName: 'Entrance', deviceIds: [a.id, b.id] });
    expect(
      data<{ tagName: string }[]>(await as(boss.token).post('/api/device/tag/list')).map((t) => t.tagName),
    ).not.toContain('Entrance');
    expect((await as(boss.token).post('/api/device/tag/add', { tagName: '', deviceIds: [a.id] })).code).toBe(4000);
  });
});
