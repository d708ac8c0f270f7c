// Pure rules of the project-tree panel (SPEC §2 Layout, Tree clicks; §6 project-level keys): tree data, groups,
// clicks, live query.
import type { ProjectNode } from '@svc/contracts';
import { matchPath } from 'react-router';

export type TreeDevice = ProjectNode['deviceVOS'][number];

/** One row of the tree; `key` is unique across kinds because each kind has its prefix. */
export type TreeEntry =
  | { kind: 'node'; key: string; node: ProjectNode; children: TreeEntry[] }
  | { kind: 'device'; key: string; device: TreeDevice; node: ProjectNode; isLeaf: true }
  | { kind: 'more'; key: string; node: ProjectNode; isLeaf: true }
  | { kind: 'group'; key: string; node: ProjectNode; group: TreeGroup; children: TreeEntry[] }
  | { kind: 'page'; key: string; node: ProjectNode; page: GroupPage; isLeaf: true };

export const nodeKey = (id: number) => `node-${id}`;
export const deviceKey = (id: number) => `device-${id}`;
export const moreKey = (nodeId: number) => `more-${nodeId}`;
export const groupKey = (nodeId: number, group: TreeGroupKey) => `group-${nodeId}-${group}`;
export const pageKey = (nodeId: number, page: GroupPageKey) => `page-${nodeId}-${page}`;

// ── Groups under each top-level project (SPEC §2) ────────────────────────────────────────────────
export type TreeGroupKey = 'mapSettings' | 'videoAdministration' | 'aiService' | 'locationTracking';
export type GroupPageKey =
  | 'digitalMap'
  | 'localMap'
  | 'videoPlan'
  | 'videoQuery'
  | 'aiMarket'
  | 'face'
  | 'passenger'
  | 'kitchen'
  | 'crowd'
  | 'operationsBoard';

interface GroupDef {
  key: TreeGroupKey;
  /** The project-level key (SPEC §6) the node must allow for the group to show. */
  privilege: string;
  /** SPEC §2: only for users whose login name is in the configured list (session.showAiServices). */
  aiOnly: boolean;
  pages: readonly { key: GroupPageKey; path: string }[];
}

/** SPEC §2's groups in the order the tree lists them, each with the routes its entries open. */
export const TREE_GROUPS: readonly GroupDef[] = [
  {
    key: 'mapSettings',
    privilege: 'map',
    aiOnly: false,
    pages: [
      { key: 'digitalMap', path: '/project/map' },
      { key: 'localMap', path: '/project/map/local' },
    ],
  },
  {
    key: 'videoAdministration',
    privilege: 'video',
    aiOnly: false,
    pages: [
      { key: 'videoPlan', path: '/project/video/plan' },
      { key: 'videoQuery', path: '/project/video/query' },
    ],
  },
  {
    key: 'aiService',
    privilege: 'aisvr',
    aiOnly: true,
    pages: [
      { key: 'aiMarket', path: '/project/ai' },
      { key: 'face', path: '/project/face' },
      { key: 'passenger', path: '/project/passenger' },
      { key: 'kitchen', path: '/project/kitchen' },
      { key: 'crowd', path: '/project/crowd' },
    ],
  },
  {
    // The operations board of location tracking is vehicle GPS tracking, a function point under aisvr.
    key: 'locationTracking',
    privilege: 'vehicle-mounted-GPS',
    aiOnly: true,
    pages: [{ key: 'operationsBoard', path: '/project/gps/gps' }],
  },
];

/** One entry of a group: `href` opens its page for the project, null while that page does not exist yet. */
export interface GroupPage {
  key: GroupPageKey;
  path: string;
  href: string | null;
}
export interface TreeGroup {
  key: TreeGroupKey;
  pages: GroupPage[];
}

export interface GroupContext {
  can: (key: string) => boolean;
  /** session.showAiServices: the login name is in the server's configured list. */
  showAiServices: boolean;
  /** The console's routes (CONSOLE_ROUTES); an entry links only when its page is among them. */
  routes: readonly { path: string }[];
}

/**
 * The groups a project shows. Entries whose page is not in the route table stay listed but unlinked,
 * so the structure is visible today and each entry lights up when its page lands.
 */
export function treeGroups(node: ProjectNode, { can, showAiServices, routes }: GroupContext): TreeGroup[] {
  return TREE_GROUPS.filter((g) => (!g.aiOnly || showAiServices) && nodeAllows(node, g.privilege, can)).map((g) => ({
    key: g.key,
    pages: g.pages.map(({ key, path }) => ({
      key,
      path,
      href: routes.some((r) => matchPath({ path: r.path, end: true }, path))
        ? `${path}?${new URLSearchParams({ projectId: String(node.id) }).toString()}`
        : null,
    })),
  }));
}

/**
 * Child nodes first, then the node's own devices, then its "more" link when it holds more than it lists;
 * a top-level project ends with its groups (`groupsOf`; none by default).
 */
export function buildTree(
  forest: readonly ProjectNode[],
  groupsOf: (node: ProjectNode) => readonly TreeGroup[] = () => [],
): TreeEntry[] {
  function entry(node: ProjectNode, root: boolean): TreeEntry {
    const devices: TreeEntry[] = node.deviceVOS.map((device) => ({
      kind: 'device',
      key: deviceKey(device.id),
      device,
      node,
      isLeaf: true,
    }));
    const more: TreeEntry[] = node.moreShow ? [{ kind: 'more', key: moreKey(node.id), node, isLeaf: true }] : [];
    // SPEC §2 lists the groups with each project; areas open no pages of their own.
    const groups: TreeEntry[] =
      root && node.kind === 'project'
        ? groupsOf(node).map((group) => ({
            kind: 'group',
            key: groupKey(node.id, group.key),
            node,
            group,
            children: group.pages.map((page) => ({
              kind: 'page',
              key: pageKey(node.id, page.key),
              node,
              page,
              isLeaf: true,
            })),
          }))
        : [];
    return {
      kind: 'node',
      key: nodeKey(node.id),
      node,
      children: [...node.children.map((child) => entry(child, false)), ...devices, ...more, ...groups],
    };
  }
  return forest.map((node) => entry(node, true));
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

export type DeviceClick = 'noPermission' | 'vehicle' | 'offline' | 'live';

/**
 * SPEC §2 Tree clicks: without device-show a no-permission warning; a vehicle-mounted device a pointer to
 * home-page configuration; an offline device an offline error; otherwise live view. Dormancy is online
 * with low power (§4), so it plays.
 * The order matters: permission first, so a user without device-show learns nothing more of the device;
 * vehicle before offline, since a vehicle device is never played from the tree whatever its status.
 */
export function deviceClick(device: TreeDevice, node: ProjectNode, can: (key: string) => boolean): DeviceClick {
  if (!nodeAllows(node, 'device-show', can)) return 'noPermission';
  if (device.vehicle) return 'vehicle';
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
  // Groups sit under projects only, so expanding an area never opens one: they stay folded until clicked.
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
