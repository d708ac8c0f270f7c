import { describe, expect, it } from 'vitest';
import type { ProjectNode } from '@svc/contracts';
import {
  ROW_BLOCK,
  buildTree,
  channelClick,
  channelEntries,
  channelOnline,
  deviceClick,
  isRecorder,
  recorderOfKey,
  flattenNodes,
  keysToExpand,
  liveQuery,
  nodeAllows,
  nodeMenuKeys,
  rowWindow,
  toggleExpanded,
  treeGroups,
  treeKeyAction,
  visibleRows,
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

describe('nodeMenuKeys', () => {
  const holding =
    (...keys: string[]) =>
    (key: string) =>
      keys.includes(key);
  it('offers a sub-project and an area on a project, an area only on an area, with project-add', () => {
    expect(nodeMenuKeys(node(1), holding('project-add'))).toEqual(['sub', 'area']);
    expect(nodeMenuKeys(node(2, { kind: 'area' }), holding('project-add'))).toEqual(['area']);
  });
  it('adds edit and delete by their keys, from the user or the node', () => {
    expect(nodeMenuKeys(node(1), holding('project-edit', 'project-delete'))).toEqual(['edit', 'delete']);
    expect(nodeMenuKeys(node(1, { privileges: [{ key: 'project-delete' }] }), holding())).toEqual(['delete']);
  });
  it('is empty without any of them: the node shows no menu', () => {
    expect(nodeMenuKeys(node(1), holding('project', 'device-show'))).toEqual([]);
  });
});

describe('visibleRows', () => {
  // Project 1 holds area 2 (with a camera) and camera 8; project 3 holds camera 9.
  const forest = [
    node(1, { children: [node(2, { kind: 'area', parentId: 1, deviceVOS: [cam(7)] })], deviceVOS: [cam(8)] }),
    node(3, { deviceVOS: [cam(9)] }),
  ];
  const entries = buildTree(forest);
  const keys = (expanded: string[]) => visibleRows(entries, new Set(expanded)).map((r) => r.entry.key);

  it('lists the children of expanded entries only, in tree order', () => {
    expect(keys([])).toEqual(['node-1', 'node-3']);
    expect(keys(['node-1'])).toEqual(['node-1', 'node-2', 'device-8', 'node-3']);
    expect(keys(['node-1', 'node-2', 'node-3'])).toEqual([
      'node-1',
      'node-2',
      'device-7',
      'device-8',
      'node-3',
      'device-9',
    ]);
    // A folded parent hides its open children.
    expect(keys(['node-2'])).toEqual(['node-1', 'node-3']);
  });

  it('gives each row its level, parent row, place among its siblings and fold state', () => {
    const rows = visibleRows(entries, new Set(['node-1', 'node-2']));
    expect(
      rows.map(({ level, parent, posInSet, setSize, expandable, expanded }) => [
        level,
        parent,
        posInSet,
        setSize,
        expandable,
        expanded,
      ]),
    ).toEqual([
      [0, -1, 1, 2, true, true],
      [1, 0, 1, 2, true, true],
      [2, 1, 1, 1, false, false],
      [1, 0, 2, 2, false, false],
      [0, -1, 2, 2, true, false],
    ]);
  });
});

describe('toggleExpanded', () => {
  const inner = node(3, { kind: 'area' });
  const [project] = buildTree([node(1, { children: [node(2, { kind: 'area', children: [inner] })] })]);
  const area = project!.kind === 'node' ? project!.children[0]! : project!;

  it('opens an area with its sub-areas, and folds only the entry itself', () => {
    const opened = toggleExpanded(new Set(['node-1']), area);
    expect([...opened]).toEqual(['node-1', 'node-2', 'node-3']);
    expect([...toggleExpanded(opened, area)]).toEqual(['node-1', 'node-3']);
  });

  it('leaves the set it is given alone', () => {
    const keys = new Set(['node-1']);
    toggleExpanded(keys, project!);
    expect([...keys]).toEqual(['node-1']);
  });
});

describe('treeKeyAction', () => {
  const forest = [node(1, { children: [node(2, { kind: 'area', deviceVOS: [cam(7)] })] }), node(3)];
  // node-1 (open), node-2 (folded, has a camera), node-3 (no children)
  const rows = visibleRows(buildTree(forest), new Set(['node-1']));

  it('moves with the arrows, wrapping round, and jumps with Home and End', () => {
    expect(treeKeyAction(rows, null, 'ArrowDown')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, null, 'ArrowUp')).toEqual({ kind: 'focus', index: 2 });
    expect(treeKeyAction(rows, 2, 'ArrowDown')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, 0, 'ArrowUp')).toEqual({ kind: 'focus', index: 2 });
    expect(treeKeyAction(rows, 1, 'Home')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, 1, 'End')).toEqual({ kind: 'focus', index: 2 });
  });

  it('opens with Right or goes to the first child, folds with Left or goes to the parent', () => {
    expect(treeKeyAction(rows, 1, 'ArrowRight')).toEqual({ kind: 'toggle', index: 1 });
    expect(treeKeyAction(rows, 0, 'ArrowRight')).toEqual({ kind: 'focus', index: 1 });
    expect(treeKeyAction(rows, 2, 'ArrowRight')).toBeNull();
    expect(treeKeyAction(rows, 0, 'ArrowLeft')).toEqual({ kind: 'toggle', index: 0 });
    expect(treeKeyAction(rows, 1, 'ArrowLeft')).toEqual({ kind: 'focus', index: 0 });
    expect(treeKeyAction(rows, 2, 'ArrowLeft')).toBeNull();
  });

  it('folds or unfolds with Enter, and activates a row without children', () => {
    expect(treeKeyAction(rows, 1, 'Enter')).toEqual({ kind: 'toggle', index: 1 });
    expect(treeKeyAction(rows, 2, 'Enter')).toEqual({ kind: 'activate', index: 2 });
    expect(treeKeyAction(rows, null, 'Enter')).toBeNull();
    expect(treeKeyAction(rows, 0, 'a')).toBeNull();
    expect(treeKeyAction([], null, 'ArrowDown')).toBeNull();
  });
});

describe('rowWindow', () => {
  const at = (scrollTop: number, count = 10_000) => rowWindow(scrollTop, { rowHeight: 28, viewport: 700, count });
  const inView = 25; // 700 / 28

  it('covers the rows in view with at least a block on either side, from a block boundary', () => {
    for (const scrollTop of [0, 28 * 3, 28 * 100 + 5, 28 * 5003, 28 * 9970]) {
      const { start, end } = at(scrollTop);
      const first = Math.floor(scrollTop / 28);
      expect(start).toBeLessThanOrEqual(Math.max(0, first - ROW_BLOCK));
      expect(end).toBeGreaterThanOrEqual(Math.min(10_000, first + inView + ROW_BLOCK));
      expect(end - start).toBeLessThan(200);
    }
    expect(at(28 * 100 + 5).start % ROW_BLOCK).toBe(0);
  });

  it('moves only when the first row in view crosses a block boundary', () => {
    expect(at(28 * 100)).toEqual(at(28 * 103 + 27));
    expect(at(28 * 104).start).toBe(at(28 * 100).start + ROW_BLOCK);
  });

  it('keeps to the rows there are', () => {
    expect(at(0, 10)).toEqual({ start: 0, end: 10 });
    expect(at(28 * 9999).end).toBe(10_000);
    expect(at(-50)).toEqual(at(0));
  });
});

describe('recorder channels', () => {
  const nvr = cam(5, { devType: 'NVR', devName: 'Recorder' });
  const site = node(1, { privileges: [{ key: 'device-show' }], deviceVOS: [nvr, cam(6)] });
  const forest = buildTree([site]);
  const nvrEntry = forest[0]!.kind === 'node' ? forest[0]!.children.find((e) => e.key === 'device-5')! : undefined;
  const recorder = nvrEntry as Extract<TreeEntry, { kind: 'device' }>;
  const ch = (index: number, playable = true) => ({ id: 50 + index, index, channelTitle: `CH${index}`, playable });

  it('unfolds NVRs and DVRs only, known by their key', () => {
    expect(isRecorder(nvr)).toBe(true);
    expect(isRecorder(cam(7, { devType: 'DVR' }))).toBe(true);
    expect(isRecorder(cam(8))).toBe(false);
    expect(recorderOfKey('device-5')).toBe(5);
    expect(recorderOfKey('node-5')).toBeNull();
  });

  it('lists the channels by number, the same rows for the same answer, or one row while they load', () => {
    expect(channelEntries(recorder, undefined).map((e) => e.kind === 'channels' && e.status)).toEqual(['loading']);
    expect(channelEntries(recorder, { status: 'failed' }).map((e) => e.kind === 'channels' && e.status)).toEqual([
      'failed',
    ]);
    expect(channelEntries(recorder, { status: 'ready', channels: [] })[0]).toMatchObject({ status: 'empty' });
    const channels = [ch(2), ch(1)];
    const rows = channelEntries(recorder, { status: 'ready', channels });
    expect(rows.map((e) => e.key)).toEqual(['channel-5-1', 'channel-5-2']);
    expect(channelEntries(recorder, { status: 'ready', channels })).toBe(rows);
  });

  it('shows an unfolded recorder’s channels one level below it, and a folded one as expandable', () => {
    const lazy = (e: TreeEntry) =>
      e.kind === 'device' && isRecorder(e.device)
        ? channelEntries(e, { status: 'ready', channels: [ch(1), ch(2)] })
        : undefined;
    const folded = visibleRows(forest, new Set(['node-1']), lazy);
    expect(folded.map((r) => [r.entry.key, r.expandable])).toEqual([
      ['node-1', true],
      ['device-5', true],
      ['device-6', false],
    ]);
    const open = visibleRows(forest, new Set(['node-1', 'device-5']), lazy);
    expect(open.map((r) => [r.entry.key, r.level, r.parent])).toEqual([
      ['node-1', 0, -1],
      ['device-5', 1, 0],
      ['channel-5-1', 2, 1],
      ['channel-5-2', 2, 1],
      ['device-6', 1, 0],
    ]);
    // Without channels to list, a recorder stays a leaf.
    expect(visibleRows(forest, new Set(['node-1', 'device-5'])).map((r) => r.entry.key)).toEqual([
      'node-1',
      'device-5',
      'device-6',
    ]);
  });

  it('plays a channel only when the user may, the recorder is online and the channel too', () => {
    const can = () => false;
    expect(channelClick(nvr, ch(1), site, can)).toBe('live');
    expect(channelClick(nvr, ch(1, false), site, can)).toBe('channelOffline');
    expect(channelClick({ ...nvr, statusLive: 'offline' }, ch(1), site, can)).toBe('offline');
    expect(channelClick(nvr, ch(1), node(2), can)).toBe('noPermission');
    expect(channelOnline(nvr, ch(1))).toBe(true);
    expect(channelOnline({ ...nvr, statusLive: 'dormancy' }, ch(1))).toBe(true);
    expect(channelOnline({ ...nvr, statusLive: 'offline' }, ch(1))).toBe(false);
    expect(channelOnline(nvr, ch(1, false))).toBe(false);
  });
});
