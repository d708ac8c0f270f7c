// The project tree through the API: projects, sub-projects and monitoring areas, their logos and names,
// device counts per node, vehicle devices, and the recent activity of an enterprise.
import { gunzipSync } from 'node:zlib';
import type { Activity, ProjectNode } from '@svc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, data, type Body } from '../helper.js';
import { apiLogo, apiLogoUpload, newSn, treeApp, type Enterprise, type TreeApp } from '../factories.js';
import { makePng } from '../images.js';
import { sniffImage } from '../../src/modules/file/image.js';

let t: TestApp;
let boss: Enterprise;
let rival: Enterprise;
let logo: string;
let addProject: TreeApp['addProject'];
let addDevice: TreeApp['addDevice'];

const as = (token: string) => t.as(token);

beforeAll(async () => {
  ({ t, boss, rival, logo, addProject, addDevice } = await treeApp());
});
afterAll(() => t.close());

describe('project tree', () => {
  it('stores the logo as a 32×32 icon', async () => {
    const uploaded = await apiLogoUpload(t, boss.token, makePng(120, 80));
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
    const tree = data<ProjectNode[]>(await as(boss.token).post('/api/project/query/mine'));
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
    const theirs = await apiLogo(t, rival.token);
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
    const tree = data<ProjectNode[]>(await as(boss.token).post('/api/project/query/mine'));
    expect(JSON.stringify(tree)).not.toContain('Warehouse');
    expect(JSON.stringify(tree)).not.toContain('Dock');
  });

  it('adds and edits a monitoring area without a logo, while a project still needs one', async () => {
    const site = await addProject(boss.token, 'Plaza');
    const added = await as(boss.token).post('/api/project/add', { proName: 'Atrium', kind: 'area', parentId: site });
    expect(added).toMatchObject({ code: 1, msg: 'Monitoring area added.' });
    const area = (added.data as { id: number }).id;
    const node = async () =>
      data<ProjectNode[]>(await as(boss.token).post('/api/project/query/mine'))
        .find((n) => n.id === site)!
        .children.find((c) => c.id === area) as ProjectNode & { proLogo: string | null };
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

describe('tree counts, vehicle devices and recent activity', () => {
  it('keeps each node’s count through adds, moves and deletes, and shows more past ten', async () => {
    const site = await addProject(boss.token, 'Tallied');
    const yard = await addProject(boss.token, 'Yard', site, 'area');
    const inYard = await Promise.all(
      Array.from({ length: 11 }, (_, i) => addDevice(boss.token, yard, 'IPC', `Yard ${i}`)),
    );
    await addDevice(boss.token, site, 'NVR', 'Site recorder');
    const node = async () =>
      data<ProjectNode[]>(await as(boss.token).post('/api/project/query/mine')).find((n) => n.id === site)!;
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
    expect((body.data as ProjectNode[]).length).toBeGreaterThan(1);
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
      data<ProjectNode[]>(await as(boss.token).post('/api/project/query/mine'))
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
