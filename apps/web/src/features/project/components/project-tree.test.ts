import { describe, expect, it } from 'vitest';
import type { ProjectNode } from '@svc/contracts';
import { buildTree, deviceClick, flattenNodes, keysToExpand, liveQuery, nodeAllows } from './project-tree';

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
