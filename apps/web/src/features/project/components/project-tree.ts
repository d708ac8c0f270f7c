// Pure rules of the project-tree panel (SPEC §2 Layout, Tree clicks; §6 project-level keys): tree data, groups,
// clicks, live query.
import type { ProjectNode } from '@svc/contracts';
import { matchPath } from 'react-router';

export type TreeDevice = ProjectNode['deviceVOS'][number];

/** A recorder's channel as /api/device/channel/list answers it (SPEC §3 Channel, §4 NVR channel). */
export interface TreeChannel {
  id: number;
  index: number;
  channelTitle: string;
  /** Only online channels play (SPEC §4). */
  playable: boolean;
}

/** What the tree knows of a recorder's channels once it is unfolded. */
export type ChannelsState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; channels: readonly TreeChannel[] };

/** One row of the tree; `key` is unique across kinds because each kind has its prefix. */
export type TreeEntry =
  | { kind: 'node'; key: string; node: ProjectNode; children: TreeEntry[] }
  | { kind: 'device'; key: string; device: TreeDevice; node: ProjectNode; isLeaf: true }
  | { kind: 'channel'; key: string; device: TreeDevice; node: ProjectNode; channel: TreeChannel; isLeaf: true }
  | {
      kind: 'channels';
      key: string;
      device: TreeDevice;
      node: ProjectNode;
      status: 'loading' | 'failed' | 'empty';
      isLeaf: true;
    }
  | { kind: 'more'; key: string; node: ProjectNode; isLeaf: true }
  | { kind: 'group'; key: string; node: ProjectNode; group: TreeGroup; children: TreeEntry[] }
  | { kind: 'page'; key: string; node: ProjectNode; page: GroupPage; isLeaf: true };

export const nodeKey = (id: number) => `node-${id}`;
export const deviceKey = (id: number) => `device-${id}`;
export const channelKey = (deviceId: number, index: number) => `channel-${deviceId}-${index}`;
/** The device id of an unfolded recorder's key; null for any other key. */
export const recorderOfKey = (key: string): number | null => (/^device-(\d+)$/.exec(key) ? Number(key.slice(7)) : null);
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
  /** The console's pages (CONSOLE_PAGES); an entry links only when its page is among them. */
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

export type NodeMenuKey = 'sub' | 'area' | 'edit' | 'delete';

/**
 * SPEC §2 node menu, in its order: add a sub-project (projects only) and an area with project-add, edit with
 * project-edit, delete with project-delete. Empty: the node shows no menu at all.
 */
export function nodeMenuKeys(node: ProjectNode, can: (key: string) => boolean): NodeMenuKey[] {
  const keys: NodeMenuKey[] = [];
  if (nodeAllows(node, 'project-add', can)) {
    if (node.kind === 'project') keys.push('sub');
    keys.push('area');
  }
  if (nodeAllows(node, 'project-edit', can)) keys.push('edit');
  if (nodeAllows(node, 'project-delete', can)) keys.push('delete');
  return keys;
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

/** NVRs and DVRs unfold to their channels (SPEC §3 Device with channels). */
export const isRecorder = (device: TreeDevice): boolean => device.devType === 'NVR' || device.devType === 'DVR';

/** SPEC §4: a channel is online when it reports so and its recorder is online (or dormant, online with low power). */
export const channelOnline = (device: TreeDevice, channel: TreeChannel): boolean =>
  device.statusLive !== 'offline' && channel.playable;

export type ChannelClick = DeviceClick | 'channelOffline';

/** A channel plays alone; first the recorder's own checks (permission, vehicle, offline), then the channel's state. */
export function channelClick(
  device: TreeDevice,
  channel: TreeChannel,
  node: ProjectNode,
  can: (key: string) => boolean,
): ChannelClick {
  const verdict = deviceClick(device, node, can);
  return verdict === 'live' && !channel.playable ? 'channelOffline' : verdict;
}

// Channel rows are made once per answer and recorder, so a memo row sees the same entry until either changes.
const channelRows = new WeakMap<readonly TreeChannel[], { device: TreeDevice; entries: TreeEntry[] }>();
const statusRows = new WeakMap<TreeDevice, TreeEntry[]>();

/** The rows under an unfolded recorder: its channels by number, or one row saying they load, failed or are none. */
export function channelEntries(
  entry: Extract<TreeEntry, { kind: 'device' }>,
  state: ChannelsState | undefined,
): TreeEntry[] {
  const { device, node } = entry;
  if (state?.status !== 'ready' || state.channels.length === 0) {
    const status = state?.status === 'failed' ? 'failed' : state?.status === 'ready' ? 'empty' : 'loading';
    // Every folded recorder asks for its (loading) row on each expansion anywhere: one per recorder and status.
    const kept = statusRows.get(device)?.find((e) => e.kind === 'channels' && e.status === status);
    if (kept) return [kept];
    const row: TreeEntry = { kind: 'channels', key: `channels-${device.id}`, device, node, status, isLeaf: true };
    statusRows.set(device, [...(statusRows.get(device) ?? []), row]);
    return [row];
  }
  const cached = channelRows.get(state.channels);
  if (cached?.device === device) return cached.entries;
  const entries: TreeEntry[] = [...state.channels]
    .sort((a, b) => a.index - b.index)
    .map((channel) => ({
      kind: 'channel',
      key: channelKey(device.id, channel.index),
      device,
      node,
      channel,
      isLeaf: true,
    }));
  channelRows.set(state.channels, { device, entries });
  return entries;
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

// ── The tree as the rows on screen (SPEC §2 with 10,000 devices: a flat virtual list) ────────────

/** One row the tree shows: its entry, depth, place among its siblings and whether it folds. */
export interface TreeRow {
  entry: TreeEntry;
  /** 0 for a top-level project (aria-level is one more). */
  level: number;
  /** Index of the parent row in the same list; -1 at the top. */
  parent: number;
  /** 1-based place among the siblings, and their number (aria-posinset, aria-setsize). */
  posInSet: number;
  setSize: number;
  /** Has children to show; a node whose every child is filtered away is a leaf. */
  expandable: boolean;
  expanded: boolean;
}

const childrenOf = (entry: TreeEntry): readonly TreeEntry[] =>
  entry.kind === 'node' || entry.kind === 'group' ? entry.children : [];

/**
 * The rows of `entries` in display order: each entry, then its children while its key is in `expanded`. `lazy`
 * answers the children the forest does not hold (a recorder's channels, fetched when it unfolds), or undefined.
 */
export function visibleRows(
  entries: readonly TreeEntry[],
  expanded: ReadonlySet<string>,
  lazy?: (entry: TreeEntry) => readonly TreeEntry[] | undefined,
): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (siblings: readonly TreeEntry[], level: number, parent: number) => {
    siblings.forEach((entry, i) => {
      const children = (entry.kind === 'device' && lazy?.(entry)) || childrenOf(entry);
      const open = children.length > 0 && expanded.has(entry.key);
      const index = rows.length;
      rows.push({
        entry,
        level,
        parent,
        posInSet: i + 1,
        setSize: siblings.length,
        expandable: children.length > 0,
        expanded: open,
      });
      if (open) walk(children, level + 1, index);
    });
  };
  walk(entries, 0, -1);
  return rows;
}

/**
 * The expanded keys after an entry is folded or unfolded (its switcher, a group's title, a key): folding drops its
 * key only, so its descendants show as they were when it opens again; unfolding adds what keysToExpand answers.
 */
export function toggleExpanded(expanded: ReadonlySet<string>, entry: TreeEntry): Set<string> {
  const next = new Set(expanded);
  if (!next.delete(entry.key)) for (const key of keysToExpand(entry)) next.add(key);
  return next;
}

/** What a key does on the focused tree; the keys and their effects are those of antd's Tree (WAI-ARIA tree view). */
export type TreeKeyAction =
  { kind: 'focus'; index: number } | { kind: 'toggle'; index: number } | { kind: 'activate'; index: number };

/**
 * Up and Down move the active row (wrapping round), Home and End go to the ends; Right opens a folded row or moves
 * to its first child, Left folds an open row or moves to its parent; Enter folds or unfolds a row with children and
 * activates any other (as its click does). `active` null: no row is active yet.
 */
export function treeKeyAction(rows: readonly TreeRow[], active: number | null, key: string): TreeKeyAction | null {
  const n = rows.length;
  if (n === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return { kind: 'focus', index: active === null ? 0 : (active + 1) % n };
    case 'ArrowUp':
      return { kind: 'focus', index: active === null ? n - 1 : (active - 1 + n) % n };
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: n - 1 };
  }
  const row = active === null ? undefined : rows[active];
  if (active === null || !row) return null;
  switch (key) {
    case 'ArrowRight':
      if (row.expandable && !row.expanded) return { kind: 'toggle', index: active };
      return row.expanded ? { kind: 'focus', index: active + 1 } : null;
    case 'ArrowLeft':
      if (row.expanded) return { kind: 'toggle', index: active };
      return row.parent >= 0 ? { kind: 'focus', index: row.parent } : null;
    case 'Enter':
      return { kind: row.expandable ? 'toggle' : 'activate', index: active };
  }
  return null;
}

/** Rows are rendered in blocks of this many, so a slow scroll re-renders the list once every few rows, not each. */
export const ROW_BLOCK = 8;

/**
 * The rows to render for a scroll position: the ones in view and at least a block more on either side, starting on a
 * block boundary so that the range only moves when a block boundary is crossed.
 */
export function rowWindow(
  scrollTop: number,
  { rowHeight, viewport, count }: { rowHeight: number; viewport: number; count: number },
): { start: number; end: number } {
  const size = Math.ceil(viewport / rowHeight) + 3 * ROW_BLOCK;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const start = Math.max(0, Math.min((Math.floor(first / ROW_BLOCK) - 1) * ROW_BLOCK, count - size));
  return { start, end: Math.min(count, start + size) };
}
