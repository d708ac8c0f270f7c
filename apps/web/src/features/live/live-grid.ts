// Pure rules of the live grid (SPEC §2 /project/live): the query, layouts, and which tile a tree click plays in.

export const LAYOUTS = [1, 4, 9, 16] as const;
export type Layout = (typeof LAYOUTS)[number];
export const MAX_TILES = 16;
export const DEFAULT_LAYOUT: Layout = 4;

export type StreamKind = 'main' | 'sub';

/** What one tile plays. `nonce` comes from the click (the query's random), so every click restarts. */
export interface LiveSource {
  deviceId: number;
  devName: string;
  devType: string;
  channel: number;
  stream: StreamKind;
  nonce: string;
}

export interface GridState {
  layout: Layout;
  /** Always MAX_TILES long; tiles past the layout are null. */
  tiles: (LiveSource | null)[];
  selected: number;
}

/** The /project/live query of a tree click: one channel, or every channel of an NVR (`channel=all`). */
export type LiveRequest =
  | { kind: 'invalid' }
  | {
      kind: 'one' | 'all';
      deviceId: number;
      uuid: string;
      devType: string;
      devName: string;
      proName: string;
      channel: number;
      random: string;
    };

export function initialGrid(layout: Layout = DEFAULT_LAYOUT): GridState {
  return { layout, tiles: Array<LiveSource | null>(MAX_TILES).fill(null), selected: 0 };
}

/** null when the query asks for nothing (the page opened from a menu or a tab). */
export function parseLiveQuery(params: URLSearchParams): LiveRequest | null {
  const rawId = params.get('deviceId');
  if (rawId === null) return null;
  const deviceId = Number(rawId);
  const rawChannel = params.get('channel') ?? '1';
  const channel = rawChannel === 'all' ? 0 : Number(rawChannel);
  if (!Number.isInteger(deviceId) || deviceId <= 0) return { kind: 'invalid' };
  if (rawChannel !== 'all' && (!Number.isInteger(channel) || channel < 1)) return { kind: 'invalid' };
  return {
    kind: rawChannel === 'all' ? 'all' : 'one',
    deviceId,
    uuid: params.get('uuid') ?? '',
    devType: params.get('devType') ?? '',
    devName: params.get('devName') ?? '',
    proName: params.get('proName') ?? '',
    channel,
    random: params.get('random') ?? '',
  };
}

export const LIVE_PATH = '/project/live';

/**
 * The /project/live address that plays one channel (parseLiveQuery reads it back), for links from outside the tree:
 * a fresh `random` each time, so a second click on the same link plays again.
 */
export function liveHref(
  target: { deviceId: number; devName: string; channel: number; devType?: string; uuid?: string; proName?: string },
  random: number = Math.random(),
): string {
  const query = new URLSearchParams({
    deviceId: String(target.deviceId),
    uuid: target.uuid ?? '',
    devType: target.devType ?? '',
    devName: target.devName,
    proName: target.proName ?? '',
    channel: String(target.channel),
    random: random.toString(36).slice(2),
  });
  return `${LIVE_PATH}?${query.toString()}`;
}

/** Source key: a new one restarts the tile's stream. */
export function sourceKey(source: LiveSource): string {
  return `${source.deviceId}:${source.channel}:${source.stream}:${source.nonce}`;
}

const sameChannel = (a: LiveSource, b: LiveSource) => a.deviceId === b.deviceId && a.channel === b.channel;

/** The smallest layout holding `count` tiles (16 at most). */
export function layoutFor(count: number): Layout {
  return LAYOUTS.find((l) => l >= count) ?? MAX_TILES;
}

/**
 * One channel: the selected tile if empty, else the next empty tile after it (wrapping), else it replaces the
 * selected one. A channel already on screen restarts in its own tile rather than playing twice.
 * The tile it lands in becomes the selected one.
 */
export function placeSource(state: GridState, source: LiveSource): GridState {
  const visible = state.tiles.slice(0, state.layout);
  const existing = visible.findIndex((t) => t !== null && sameChannel(t, source));
  let target = existing;
  if (target === -1) {
    target = state.selected;
    if (visible[target] !== null) {
      const next = nextEmpty(visible, state.selected);
      target = next === -1 ? state.selected : next;
    }
  }
  const tiles = [...state.tiles];
  const previous = existing === -1 ? null : tiles[existing];
  // A re-click keeps the stream kind the user chose for that tile.
  tiles[target] = previous ? { ...source, stream: previous.stream } : source;
  return { ...state, tiles, selected: target };
}

function nextEmpty(tiles: readonly (LiveSource | null)[], from: number): number {
  for (let step = 1; step < tiles.length; step++) {
    const i = (from + step) % tiles.length;
    if (tiles[i] === null) return i;
  }
  return -1;
}

/**
 * Every channel of a device in consecutive tiles (SPEC §2 "live view for all channels"): the layout grows until a
 * run of empty tiles holds them all, starting at the selected tile when it can; with no such run even at 16 the
 * channels take the tiles from the first one on. More than 16 channels: the first 16.
 */
export function placeAll(state: GridState, sources: readonly LiveSource[]): GridState {
  const list = sources.slice(0, MAX_TILES);
  if (list.length === 0) return state;
  for (const layout of LAYOUTS) {
    if (layout < Math.max(state.layout, list.length)) continue;
    const start = emptyRun(state.tiles.slice(0, layout), list.length, state.selected);
    if (start !== -1) return fill({ ...state, layout }, start, list);
  }
  return fill({ ...state, layout: MAX_TILES }, 0, list);
}

/** Start of `length` consecutive empty tiles, trying from `preferred` first, then from the top. */
function emptyRun(tiles: readonly (LiveSource | null)[], length: number, preferred: number): number {
  const fits = (start: number) =>
    start + length <= tiles.length && tiles.slice(start, start + length).every((t) => t === null);
  if (fits(preferred)) return preferred;
  for (let start = 0; start + length <= tiles.length; start++) if (fits(start)) return start;
  return -1;
}

function fill(state: GridState, start: number, list: readonly LiveSource[]): GridState {
  const tiles = [...state.tiles];
  list.forEach((source, i) => (tiles[start + i] = source));
  return { ...state, tiles, selected: start };
}

/** A smaller layout stops the tiles it no longer shows: nothing streams unseen. */
export function withLayout(state: GridState, layout: Layout): GridState {
  const tiles = state.tiles.map((t, i) => (i < layout ? t : null));
  return { layout, tiles, selected: state.selected < layout ? state.selected : 0 };
}

export function selectTile(state: GridState, index: number): GridState {
  return index >= 0 && index < state.layout ? { ...state, selected: index } : state;
}

export function stopTile(state: GridState, index: number): GridState {
  const tiles = [...state.tiles];
  tiles[index] = null;
  return { ...state, tiles };
}

export function stopAll(state: GridState): GridState {
  return { ...state, tiles: state.tiles.map(() => null) };
}

/** Main/sub for the selected tile; its stream restarts with the other kind. */
export function switchStream(state: GridState, stream: StreamKind): GridState {
  const current = state.tiles[state.selected];
  if (!current || current.stream === stream) return state;
  const tiles = [...state.tiles];
  tiles[state.selected] = { ...current, stream };
  return { ...state, tiles };
}

/** Snapshot file name: `<devName>-ch<channel>-<yyyyMMdd-HHmmss>.png`. */
export function snapshotName(devName: string, channel: number, stamp: string): string {
  return `${devName}-ch${channel}-${stamp}.png`;
}
