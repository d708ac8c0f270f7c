// Pure rules of the project-tree panel (SPEC §2 Layout, Tree clicks; §6 project-level keys): tree data, clicks, live query.
import type { ProjectNode } from '@svc/contracts';

export type TreeDevice = ProjectNode['deviceVOS'][number];

/** One row of the tree; `key` is unique across kinds because each kind has its prefix. */
export type TreeEntry =
  | { kind: 'node'; key: string; node: ProjectNode; children: TreeEntry[] }
  | { kind: 'device'; key: string; device: TreeDevice; node: ProjectNode; isLeaf: true }
  | { kind: 'more'; key: string; node: ProjectNode; isLeaf: true };

export const nodeKey = (id: number) => `node-${id}`;
export const deviceKey = (id: number) => `device-${id}`;
export const moreKey = (nodeId: number) => `more-${nodeId}`;

/** Child nodes first, then the node's own devices, then its "more" link when it holds more than it lists. */
export function buildTree(forest: readonly ProjectNode[]): TreeEntry[] {
  return forest.map(function entry(node): TreeEntry {
    const devices: TreeEntry[] = node.deviceVOS.map((device) => ({
      kind: 'device',
      key: deviceKey(device.id),
      device,
      node,
      isLeaf: true,
    }));
    const more: TreeEntry[] = node.moreShow ? [{ kind: 'more', key: moreKey(node.id), node, isLeaf: true }] : [];
    return { kind: 'node', key: nodeKey(node.id), node, children: [...node.children.map(entry), ...devices, ...more] };
  });
}

/** Every project and area of the forest, depth first (for the parent choice and lookups). */
export function flattenNodes(forest: readonly ProjectNode[]): ProjectNode[] {
  const out: ProjectNode[] = [];
  const walk = (nodes: readonly ProjectNode[]) => {
    for (const node of nodes) {
      out.push(node);
      walk(node.children);
    }
  };
  walk(forest);
  return out;
}

/** SPEC §6: a project-level key counts when the node grants it or the user holds it (bypass included in `can`). */
export function nodeAllows(node: ProjectNode, key: string, can: (key: string) => boolean): boolean {
  return node.privileges.some((p) => p.key === key) || can(key);
}

export type DeviceClick = 'noPermission' | 'offline' | 'live';

/**
 * SPEC §2 Tree clicks: without device-show a no-permission warning; an offline device an offline error;
 * otherwise live view. Dormancy is online with low power (§4), so it plays.
 */
export function deviceClick(device: TreeDevice, node: ProjectNode, can: (key: string) => boolean): DeviceClick {
  if (!nodeAllows(node, 'device-show', can)) return 'noPermission';
  if (device.statusLive === 'offline') return 'offline';
  return 'live';
}

/** SPEC §2 Tree clicks: an NVR row offers a play icon that opens live view for all its channels. */
export function showsPlayAll(device: TreeDevice): boolean {
  return device.devType === 'NVR';
}

/** The /project/live query of SPEC §2: device id, uuid, type, names, channel and a random value against caching. */
export function liveQuery(
  device: TreeDevice,
  node: ProjectNode,
  { channel = 1, random = Math.random() }: { channel?: number | 'all'; random?: number } = {},
): string {
  return new URLSearchParams({
    deviceId: String(device.id),
    uuid: device.uuid,
    devType: device.devType,
    devName: device.devName,
    proName: node.proName,
    channel: String(channel),
    random: random.toString(36).slice(2),
  }).toString();
}

/**
 * SPEC §2: expanding a monitoring area expands its children too, except NVR nodes (their channels stay folded).
 * Answers the keys to add to the expanded set.
 */
export function keysToExpand(entry: TreeEntry): string[] {
  if (entry.kind !== 'node' || entry.node.kind !== 'area') return [entry.key];
  const keys: string[] = [];
  const walk = (e: TreeEntry) => {
    // Devices are never expanded here: an NVR's channels open only on its own click.
    if (e.kind !== 'node') return;
    keys.push(e.key);
    e.children.forEach(walk);
  };
  walk(entry);
  return keys;
}
