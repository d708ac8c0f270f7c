// The project tree, devices and channels, and what staff see of them.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN, type TestApp, data, type Body } from '../helper.js';
import { apiEnterprise, uniqueLogin } from '../factories.js';
import { makePng, multipartFile } from '../images.js';
import { sniffImage } from '../../src/modules/file/image.js';

let t: TestApp;
let boss: Awaited<ReturnType<typeof apiEnterprise>>;
let rival: Awaited<ReturnType<typeof apiEnterprise>>;
let logo: string;

const as = (token: string) => t.as(token);
type Node = {
  id: number;
  proName: string;
  kind: string;
  parentId: number | null;
  parentRootId: number;
  deviceCount: number;
  moreShow: boolean;
  deviceVOS: { sn: string; statusLive: string }[];
  children: Node[];
  privileges: { key: string }[];
};

async function uploadLogo(token: string) {
  const { payload, headers } = multipartFile(makePng(120, 80), 'logo.png');
  return data<{ url: string; width: number; height: number }>(
    (
      await t.call({
        method: 'POST',
        url: '/api/file/project/logoUpload/0',
        headers: { ...headers, xaccesstoken: token },
        payload,
      })
    ).body as Body,
  );
}
async function addProject(token: string, proName: string, parentId?: number, kind: 'project' | 'area' = 'project') {
  return data<{ id: number }>(
    await as(token).post('/api/project/add', { proName, proLogo: logo, kind, ...(parentId ? { parentId } : {}) }),
  ).id;
}
let snSeq = 0;
const newSn = () =>
  `SN${Date.now().toString(36).toUpperCase()}${String(++snSeq).padStart(4, '0')}`.slice(0, 16).padEnd(16, '0');
async function addDevice(
  token: string,
  projectId: number,
  devType: 'IPC' | 'NVR' | 'DVR' = 'IPC',
  devName = 'Gate camera',
) {
  const sn = newSn();
  const id = data<{ id: number }>(
    await as(token).post('/api/device/add', { sn, devName, devType, projectId, password: 'dev-pass' }),
  ).id;
  return { id, sn };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login(ADMIN.loginName, ADMIN.password);
  boss = await apiEnterprise(t, admin, 'Acme Sites');
  rival = await apiEnterprise(t, admin, 'Rival Sites');
  logo = (await uploadLogo(boss.token)).url;
});
afterAll(() => t.close());

describe('project tree', () => {
  it('stores the logo as a 32×32 icon', async () => {
    const uploaded = await uploadLogo(boss.token);
    expect(uploaded).toMatchObject({ width: 32, height: 32 });
    const file = await t.app.inject({ method: 'GET', url: uploaded.url, headers: { xaccesstoken: boss.token } });
    expect(sniffImage(file.rawPayload)).toEqual({ mime: 'image/png', width: 32, height: 32 });
  });

  it('adds projects, sub-projects and areas to any depth, answering its own message', async () => {
    const res = await as(boss.token).post('/api/project/add', { proName: 'Headquarters', proLogo: logo });
    expect(res).toMatchObject({ code: 1, msg: 'Project added.' });
    const hq = (res.data as { id: number }).id;
    const east = await addProject(boss.token, 'East_Wing', hq);
    const lobby = await addProject(boss.token, '大堂-1', east, 'area');
    const cams = await addProject(boss.token, 'Lobby-cams', lobby, 'area');
    await addDevice(boss.token, cams);
    await addDevice(boss.token, east, 'NVR', 'Recorder');
    const tree = data<Node[]>(await as(boss.token).post('/api/project/query/mine'));
    const root = tree.find((n) => n.id === hq)!;
    expect(root).toMatchObject({
      proName: 'Headquarters',
      kind: 'project',
      parentId: null,
      parentRootId: hq,
      deviceCount: 2,
    });
    const eastNode = root.children[0]!;
    expect(eastNode).toMatchObject({ id: east, parentRootId: hq, deviceCount: 2, moreShow: false });
    expect(eastNode.deviceVOS.map((d) => d.statusLive)).toEqual(['offline']);
    expect(eastNode.children[0]!.children[0]).toMatchObject({ id: cams, kind: 'area', deviceCount: 1 });
    expect(root.privileges.map((p) => p.key)).toContain('project-add');
  });

  it.each([
    [{ proName: '' }, 'Project name cannot be empty.'],
    [{ proName: 'HQ!' }, 'Project name cannot contain special characters.'],
    [{ proName: 'HQ <b>' }, 'Project name cannot contain special characters.'],
    [{ proLogo: '' }, 'Project logo cannot be empty.'],
    [{ proLogo: 'https://evil.example.com/pixel.gif' }, 'Project logo cannot be empty.'],
  ])('refuses %j', async (patch, message) => {
    const res = await as(boss.token).post('/api/project/add', { proName: 'Ok', proLogo: logo, ...patch });
    expect(res.code).toBe(4000);
    expect(res.msg).toContain(message);
  });

  it('refuses a logo of another enterprise and a project under a monitoring area', async () => {
    const theirs = (await uploadLogo(rival.token)).url;
    expect((await as(boss.token).post('/api/project/add', { proName: 'Theirs', proLogo: theirs })).code).toBe(4000);
    const site = await addProject(boss.token, 'Site');
    const area = await addProject(boss.token, 'Yard', site, 'area');
    const res = await as(boss.token).post('/api/project/add', { proName: 'Nested', proLogo: logo, parentId: area });
    expect(res.msg).toContain('cannot be placed under a monitoring area');
  });

  it('refuses deleting a subtree that holds a device, then deletes it with its sub-projects once empty', async () => {
    const site = await addProject(boss.token, 'Warehouse');
    const sub = await addProject(boss.token, 'Dock', site);
    const dev = await addDevice(boss.token, sub);
    expect(await as(boss.token).post('/api/project/deleteByIds', [site])).toMatchObject({
      code: 409,
      msg: 'A node with children cannot be deleted.',
    });
    expect((await as(boss.token).post('/api/device/deleteByIds', [dev.id])).code).toBe(1);
    expect((await as(boss.token).post('/api/project/deleteByIds', [site])).code).toBe(1);
    const tree = data<Node[]>(await as(boss.token).post('/api/project/query/mine'));
    expect(JSON.stringify(tree)).not.toContain('Warehouse');
    expect(JSON.stringify(tree)).not.toContain('Dock');
  });

  it('adds and edits a monitoring area without a logo, while a project still needs one', async () => {
    const site = await addProject(boss.token, 'Plaza');
    const added = await as(boss.token).post('/api/project/add', { proName: 'Atrium', kind: 'area', parentId: site });
    expect(added).toMatchObject({ code: 1, msg: 'Monitoring area added.' });
    const area = (added.data as { id: number }).id;
    const node = async () =>
      data<Node[]>(await as(boss.token).post('/api/project/query/mine'))
        .find((n) => n.id === site)!
        .children.find((c) => c.id === area) as Node & { proLogo: string | null };
    expect((await node()).proLogo).toBeNull();
    // Renamed as it is, then given a logo, then the logo taken away again.
    expect((await as(boss.token).post('/api/project/update', { id: area, proName: 'Atrium_2' })).code).toBe(1);
    expect((await node()).proLogo).toBeNull();
    expect(
      (await as(boss.token).post('/api/project/update', { id: area, proName: 'Atrium_2', proLogo: logo })).code,
    ).toBe(1);
    expect((await node()).proLogo).toBe(logo);
    expect(
      (await as(boss.token).post('/api/project/update', { id: area, proName: 'Atrium_2', proLogo: null })).code,
    ).toBe(1);
    expect((await node()).proLogo).toBeNull();

    // SPEC §5: a project's logo is required, on adding and on editing.
    const project = await as(boss.token).post('/api/project/add', { proName: 'NoLogo', parentId: site });
    expect(project).toMatchObject({ code: 4000 });
    expect(project.msg).toContain('Project logo cannot be empty.');
    const edited = await as(boss.token).post('/api/project/update', { id: site, proName: 'Plaza', proLogo: null });
    expect(edited.code).toBe(4000);
    expect(edited.msg).toContain('Project logo cannot be empty.');
  });

  it('refuses a name already used beside it under the same parent, in the caller’s language, naming the field', async () => {
    const site = await addProject(boss.token, 'Siblings');
    const other = await addProject(boss.token, 'Cousins');
    await addProject(boss.token, 'Lobby', site, 'area');
    const again = await as(boss.token).post('/api/project/add', { proName: 'Lobby', kind: 'area', parentId: site });
    expect(again).toEqual({
      code: 409,
      msg: 'A project or monitoring area named Lobby already exists at this level.',
      data: { field: 'proName' },
    });
    // A sub-project is a sibling too, and so are top-level projects among themselves.
    expect(
      (await as(boss.token).post('/api/project/add', { proName: 'Lobby', proLogo: logo, parentId: site })).code,
    ).toBe(409);
    expect((await as(boss.token).post('/api/project/add', { proName: 'Siblings', proLogo: logo })).code).toBe(409);
    const zh = await t.call({
      method: 'POST',
      url: '/api/project/add',
      headers: { xaccesstoken: boss.token, language: 'zh-CN' },
      payload: { proName: 'Lobby', kind: 'area', parentId: site },
    });
    expect(zh.body.msg).toBe('同一层级下已存在名为“Lobby”的项目或监控区域');
    // The same name under another parent is fine, and so is a project keeping its own name.
    const elsewhere = await addProject(boss.token, 'Lobby', other, 'area');
    expect((await as(boss.token).post('/api/project/update', { id: elsewhere, proName: 'Lobby' })).code).toBe(1);
    // Renaming onto a sibling's name is refused the same way.
    const hall = await addProject(boss.token, 'Hall', site, 'area');
    expect(await as(boss.token).post('/api/project/update', { id: hall, proName: 'Lobby' })).toMatchObject({
      code: 409,
      data: { field: 'proName' },
    });
    // Two adds of one name at once: one wins.
    const race = await Promise.all(
      [1, 2].map(() => as(boss.token).post('/api/project/add', { proName: 'Race', kind: 'area', parentId: site })),
    );
    expect(race.map((r) => r.code).sort()).toEqual([1, 409]);
  });

  it('names the limit of an over-long name instead of cutting it', async () => {
    const res = await as(boss.token).post('/api/project/add', { proName: 'N'.repeat(33), proLogo: logo });
    expect(res.code).toBe(4000);
    expect(res.msg).toBe('Parameter error: proName — At most 32 characters.');
    const tree = JSON.stringify(data(await as(boss.token).post('/api/project/query/mine')));
    expect(tree).not.toContain('N'.repeat(32));
  });

  it('renames a node and shows nothing of it to another enterprise', async () => {
    const site = await addProject(boss.token, 'Old_Name');
    expect(
      (await as(boss.token).post('/api/project/update', { id: site, proName: 'New_Name', proLogo: logo })).code,
    ).toBe(1);
    expect(
      (await as(rival.token).post('/api/project/update', { id: site, proName: 'Hijack', proLogo: logo })).code,
    ).toBe(404);
    expect(JSON.stringify(data(await as(rival.token).post('/api/project/query/mine')))).not.toContain('New_Name');
  });
});

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
      const url = (await uploadLogo(rival.token)).url;
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

    const tree = data<Node[]>(await as(staff).post('/api/project/query/mine'));
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
    const treeNow = data<Node[]>(await as(staff).post('/api/project/query/mine'));
    expect(treeNow[0]!.deviceVOS.map((d) => d.sn)).toEqual([inGroup.sn]);
    // A group-limited member counts its group's devices, not the node's.
    expect(treeNow[0]!.deviceCount).toBe(1);
    const seen = data<{ subject: string }[]>(await as(staff).post('/api/project/activity/recent', { size: 50 }));
    // Project entries of granted nodes, and device entries of the group's devices only.
    expect(seen.map((a) => a.subject).sort()).toEqual(['Granted', 'In group']);
    expect(data<{ total: number }>(await as(staff).post('/api/device/countByType')).total).toBe(1);
  });
});

describe('tree counts, vehicle devices and recent activity', () => {
  type Activity = {
    kind: string;
    subject: string;
    projectId: number | null;
    projectName: string | null;
    actor: string | null;
    at: string;
  };

  it('keeps each node’s count through adds, moves and deletes, and shows more past ten', async () => {
    const site = await addProject(boss.token, 'Tallied');
    const yard = await addProject(boss.token, 'Yard', site, 'area');
    const inYard = await Promise.all(
      Array.from({ length: 11 }, (_, i) => addDevice(boss.token, yard, 'IPC', `Yard ${i}`)),
    );
    await addDevice(boss.token, site, 'NVR', 'Site recorder');
    const node = async () =>
      data<Node[]>(await as(boss.token).post('/api/project/query/mine')).find((n) => n.id === site)!;
    let tree = await node();
    expect(tree.deviceCount).toBe(12);
    expect(tree.children[0]).toMatchObject({ id: yard, deviceCount: 11, moreShow: true });
    expect(tree.children[0]!.deviceVOS).toHaveLength(10);

    expect(
      (await as(boss.token).post('/api/device/update', { id: inYard[0]!.id, devName: 'Moved', projectId: site })).code,
    ).toBe(1);
    tree = await node();
    expect(tree.deviceCount).toBe(12);
    expect(tree.deviceVOS).toHaveLength(2);
    expect(tree.children[0]).toMatchObject({ deviceCount: 10, moreShow: false });

    expect(
      (
        await as(boss.token).post(
          '/api/device/deleteByIds',
          inYard.slice(1, 4).map((d) => d.id),
        )
      ).code,
    ).toBe(1);
    tree = await node();
    expect(tree.deviceCount).toBe(9);
    expect(tree.children[0]!.deviceCount).toBe(7);
    // The figure the tree answers is the one a count of the rows gives.
    const counted = await t.db
      .selectFrom('device')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', yard)
      .executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(7);
  });

  it('sends a large tree gzipped to a client that accepts it, and small answers as they are', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/project/query/mine',
      headers: { xaccesstoken: boss.token, 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as Body;
    expect(body.code).toBe(1);
    expect((body.data as Node[]).length).toBeGreaterThan(1);
    expect(res.rawPayload.length).toBeLessThan(gunzipSync(res.rawPayload).length / 2);
    const small = await t.app.inject({
      method: 'POST',
      url: '/api/device/countByType',
      headers: { xaccesstoken: boss.token, 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect((small.json() as Body).code).toBe(1);
  });

  it('marks vehicle devices in the list and the tree', async () => {
    const fleet = await addProject(boss.token, 'Fleet');
    const sn = newSn();
    const id = data<{ id: number }>(
      await as(boss.token).post('/api/device/add', {
        sn,
        devName: 'Bus 12',
        devType: 'IPC',
        projectId: fleet,
        password: 'p',
        vehicle: true,
      }),
    ).id;
    const vehicleOf = async () =>
      data<Node[]>(await as(boss.token).post('/api/project/query/mine'))
        .find((n) => n.id === fleet)!
        .deviceVOS.find((d) => d.sn === sn) as unknown as { vehicle: boolean };
    expect(await vehicleOf()).toMatchObject({ vehicle: true });
    expect(data<{ vehicle: boolean }>(await as(boss.token).get(`/api/device/detail/${id}`)).vehicle).toBe(true);
    expect(
      (await as(boss.token).post('/api/device/update', { id, devName: 'Bus 12', projectId: fleet, vehicle: false }))
        .code,
    ).toBe(1);
    expect(await vehicleOf()).toMatchObject({ vehicle: false });
    expect(
      (
        await as(boss.token).post('/api/device/add', {
          sn: newSn(),
          devName: 'x',
          devType: 'IPC',
          projectId: fleet,
          password: 'p',
          vehicle: 'yes',
        })
      ).code,
    ).toBe(4000);
  });

  it('answers recent activity newest first, with who did it, to its own enterprise only', async () => {
    const depot = await addProject(boss.token, 'Depot');
    const cam = await addDevice(boss.token, depot, 'IPC', 'Depot gate');
    expect((await as(boss.token).post('/api/device/deleteByIds', [cam.id])).code).toBe(1);
    const recent = data<Activity[]>(await as(boss.token).post('/api/project/activity/recent', { size: 3 }));
    expect(recent.map((a) => [a.kind, a.subject, a.projectName, a.actor])).toEqual([
      ['device.deleted', 'Depot gate', 'Depot', boss.loginName],
      ['device.added', 'Depot gate', 'Depot', boss.loginName],
      ['project.added', 'Depot', null, boss.loginName],
    ]);
    expect(Date.parse(recent[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(
      data<Activity[]>(await as(rival.token).post('/api/project/activity/recent')).some((a) => a.subject === 'Depot'),
    ).toBe(false);
    expect((await as(boss.token).post('/api/project/activity/recent', { size: 500 })).code).toBe(4000);
    // Deleting the node is itself an entry, named as it was.
    expect((await as(boss.token).post('/api/project/deleteByIds', [depot])).code).toBe(1);
    expect(data<Activity[]>(await as(boss.token).post('/api/project/activity/recent', { size: 1 }))[0]).toMatchObject({
      kind: 'project.deleted',
      subject: 'Depot',
    });
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
    const url = (await uploadLogo(rival.token)).url;
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
      projectId: data<Node[]>(await as(boss.token).post('/api/project/query/mine'))[0]!.id,
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
