import { describe, expect, it } from 'vitest';
import type { ProjectNode } from '@svc/contracts';
import {
  buildTree,
  deviceClick,
  flattenNodes,
  keysToExpand,
  liveQuery,
  nodeAllows,
  treeGroups,
  type GroupContext,
  type TreeEntry,
} from './project-tree';

function node(id: number, over: Partial<ProjectNode> = {}): ProjectNode {
  return {
    id,
    title: `P${id}`,
    proName: `P${id}`,
    proLogo: null,
    kind: 'project',
    parentId: null,
    parentRootId: id,
    projectVirtualUuid: `v${id}`,
    privileges: [],
    modules: [],
    deviceCount: 0,
    moreShow: false,
    deviceVOS: [],
    children: [],
    ...over,
  };
}
const cam = (id: number, over: Partial<ProjectNode['deviceVOS'][number]> = {}) => ({
  id,
  uuid: `u${id}`,
  sn: `SN${id}`,
  devName: `Cam ${id}`,
  devType: 'IPC' as const,
  statusLive: 'online' as const,
  vehicle: false,
  ...over,
});

describe('buildTree', () => {
  it('lists child nodes, then devices, then a more link when the node holds more than it lists', () => {
    const area = node(2, { kind: 'area', parentId: 1 });
    const [root] = buildTree([node(1, { children: [area], deviceVOS: [cam(7)], moreShow: true })]);
    expect(root!.kind).toBe('node');
    expect(root!.kind === 'node' && root!.children.map((c) => c.key)).toEqual(['node-2', 'device-7', 'more-1']);
  });

  it('has no more link when every device is listed', () => {
    const [root] = buildTree([node(1, { deviceVOS: [cam(7)] })]);
    expect(root!.kind === 'node' && root!.children.map((c) => c.kind)).toEqual(['device']);
  });

  it('flattens nodes depth first', () => {
    const forest = [node(1, { children: [node(2, { children: [node(3)] })] }), node(4)];
    expect(flattenNodes(forest).map((n) => n.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('deviceClick', () => {
  const none = () => false;
  it('warns without device-show on the node or the user', () => {
    expect(deviceClick(cam(1), node(1), none)).toBe('noPermission');
  });
  it('reports an offline device', () => {
    const granted = node(1, { privileges: [{ key: 'device-show' }] });
    expect(deviceClick(cam(1, { statusLive: 'offline' }), granted, none)).toBe('offline');
  });
  it('opens live view for an online or dormant device when the user holds device-show', () => {
    const all = () => true;
    expect(deviceClick(cam(1), node(1), all)).toBe('live');
    expect(deviceClick(cam(1, { statusLive: 'dormancy' }), node(1), all)).toBe('live');
  });
  it('points a vehicle-mounted device to home-page configuration, online or not', () => {
    const granted = node(1, { privileges: [{ key: 'device-show' }] });
    expect(deviceClick(cam(1, { vehicle: true }), granted, none)).toBe('vehicle');
    expect(deviceClick(cam(1, { vehicle: true, statusLive: 'offline' }), granted, none)).toBe('vehicle');
  });
  it('checks permission before the vehicle rule, and the vehicle rule before offline', () => {
    // Without device-show nothing else of the device is told, not even that it is vehicle-mounted.
    expect(deviceClick(cam(1, { vehicle: true, statusLive: 'offline' }), node(1), none)).toBe('noPermission');
    expect(deviceClick(cam(1, { vehicle: true, statusLive: 'offline' }), node(1), () => true)).toBe('vehicle');
  });
  it('counts a key granted by the node alone', () => {
    expect(nodeAllows(node(1, { privileges: [{ key: 'project-edit' }] }), 'project-edit', none)).toBe(true);
    expect(nodeAllows(node(1), 'project-edit', none)).toBe(false);
  });
});

describe('liveQuery', () => {
  it('carries device id, uuid, type, names, channel and a random value', () => {
    const q = new URLSearchParams(liveQuery(cam(9, { devType: 'NVR' }), node(3), { channel: 'all', random: 0.5 }));
    expect(Object.fromEntries(q)).toEqual({
      deviceId: '9',
      uuid: 'u9',
      devType: 'NVR',
      devName: 'Cam 9',
      proName: 'P3',
      channel: 'all',
      random: 'i',
    });
  });
  it('differs between two calls so the page never reuses a cached view', () => {
    expect(liveQuery(cam(1), node(1))).not.toBe(liveQuery(cam(1), node(1)));
  });
});

describe('keysToExpand', () => {
  it('expands an area with all its sub-areas but never a device', () => {
    const inner = node(3, { kind: 'area', deviceVOS: [cam(5, { devType: 'NVR' })] });
    const [area] = buildTree([node(2, { kind: 'area', children: [inner], deviceVOS: [cam(4)] })]);
    expect(keysToExpand(area!)).toEqual(['node-2', 'node-3']);
  });
  it('expands only a project itself', () => {
    const [project] = buildTree([node(1, { children: [node(2, { kind: 'area' })] })]);
    expect(keysToExpand(project!)).toEqual(['node-1']);
  });
});

describe('treeGroups', () => {
  const ALL_KEYS = ['map', 'video', 'aisvr', 'vehicle-mounted-GPS'];
  const context = (over: Partial<GroupContext> = {}): GroupContext => ({
    can: (key) => ALL_KEYS.includes(key),
    showAiServices: true,
    routes: [],
    ...over,
  });
  const keysOf = (groups: ReturnType<typeof treeGroups>) => groups.map((g) => g.key);

  it('lists the four groups with their entries in SPEC order', () => {
    const groups = treeGroups(node(1), context());
    expect(keysOf(groups)).toEqual(['mapSettings', 'videoAdministration', 'aiService', 'locationTracking']);
    expect(groups.map((g) => g.pages.map((p) => p.path))).toEqual([
      ['/project/map', '/project/map/local'],
      ['/project/video/plan', '/project/video/query'],
      ['/project/ai', '/project/face', '/project/passenger', '/project/kitchen', '/project/crowd'],
      ['/project/gps/gps'],
    ]);
  });

  it('hides AI service and location tracking unless the login name is in the configured list', () => {
    expect(keysOf(treeGroups(node(1), context({ showAiServices: false })))).toEqual([
      'mapSettings',
      'videoAdministration',
    ]);
  });

  it('shows a group only where the node or the user allows its key', () => {
    expect(keysOf(treeGroups(node(1), context({ can: () => false })))).toEqual([]);
    expect(keysOf(treeGroups(node(1), context({ can: (k) => k === 'video' })))).toEqual(['videoAdministration']);
    // The node's own grant is enough; location tracking needs vehicle-mounted-GPS, not aisvr.
    const granted = node(1, { privileges: [{ key: 'map' }, { key: 'vehicle-mounted-GPS' }] });
    expect(keysOf(treeGroups(granted, context({ can: () => false })))).toEqual(['mapSettings', 'locationTracking']);
  });

  it('links an entry whose page is in the route table, with the project id; the others are unlinked', () => {
    const routes = [{ path: '/project/index' }, { path: '/project/map' }, { path: '/project/gps/gps' }];
    const groups = treeGroups(node(7), context({ routes }));
    const hrefs = Object.fromEntries(groups.flatMap((g) => g.pages.map((p) => [p.key, p.href])));
    expect(hrefs).toEqual({
      digitalMap: '/project/map?projectId=7',
      localMap: null,
      videoPlan: null,
      videoQuery: null,
      aiMarket: null,
      face: null,
      passenger: null,
      kitchen: null,
      crowd: null,
      operationsBoard: '/project/gps/gps?projectId=7',
    });
  });
});

describe('buildTree with groups', () => {
  const groups = () => treeGroups(node(0), { can: () => true, showAiServices: false, routes: [] });
  const childKeys = (entry: TreeEntry | undefined) =>
    entry && 'children' in entry ? entry.children.map((c) => c.key) : [];

  it('puts the groups of a top-level project after its areas, devices and more link', () => {
    const area = node(2, { kind: 'area', parentId: 1 });
    const [root] = buildTree([node(1, { children: [area], deviceVOS: [cam(7)], moreShow: true })], groups);
    expect(childKeys(root)).toEqual([
      'node-2',
      'device-7',
      'more-1',
      'group-1-mapSettings',
      'group-1-videoAdministration',
    ]);
    const map = root!.kind === 'node' ? root!.children[3] : undefined;
    expect(childKeys(map)).toEqual(['page-1-digitalMap', 'page-1-localMap']);
  });

  it('gives groups to top-level projects only, never to sub-projects or a root area', () => {
    const sub = node(2, { parentId: 1 });
    const [root, area] = buildTree([node(1, { children: [sub] }), node(3, { kind: 'area' })], groups);
    const [subEntry] = root!.kind === 'node' ? root!.children : [];
    expect(childKeys(subEntry)).toEqual([]);
    expect(childKeys(area)).toEqual([]);
  });

  it('leaves the groups folded when a project is expanded', () => {
    const [root] = buildTree([node(1)], groups);
    expect(keysToExpand(root!)).toEqual(['node-1']);
  });
});
