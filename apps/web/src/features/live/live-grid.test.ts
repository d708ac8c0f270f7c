// Tile placement of tree clicks (selected empty / next empty / replace; all channels growing the layout) and the query.
import { describe, expect, it } from 'vitest';
import type { Channel } from '../device/api/device-channels-query';
import { allChannelsOutcome } from './components/use-live-requests';
import {
  initialGrid,
  layoutFor,
  liveHref,
  parseLiveQuery,
  placeAll,
  placeSource,
  selectTile,
  snapshotName,
  sourceKey,
  switchStream,
  withLayout,
  type GridState,
  type LiveSource,
} from './live-grid';

const src = (deviceId: number, channel = 1, nonce = 'r'): LiveSource => ({
  deviceId,
  devName: `Cam ${deviceId}`,
  devType: 'IPC',
  channel,
  stream: 'main',
  nonce,
});
const ids = (g: GridState) => g.tiles.slice(0, g.layout).map((t) => (t ? `${t.deviceId}/${t.channel}` : '-'));

describe('placeSource', () => {
  it('plays in the selected tile when it is empty', () => {
    const g = placeSource(selectTile(initialGrid(4), 2), src(1));
    expect(ids(g)).toEqual(['-', '-', '1/1', '-']);
    expect(g.selected).toBe(2);
  });

  it('else in the next empty tile after the selected one, wrapping round', () => {
    let g = placeSource(initialGrid(4), src(1));
    g = placeSource(g, src(2));
    expect(ids(g)).toEqual(['1/1', '2/1', '-', '-']);
    g = placeSource(selectTile(placeSource(g, src(3)), 2), src(4));
    expect(ids(g)).toEqual(['1/1', '2/1', '3/1', '4/1']);
    const wrapped = placeSource(selectTile({ ...g, tiles: g.tiles.map((t, i) => (i === 0 ? null : t)) }, 3), src(5));
    expect(ids(wrapped)).toEqual(['5/1', '2/1', '3/1', '4/1']);
  });

  it('else replaces the selected tile', () => {
    let g = initialGrid(1);
    g = placeSource(g, src(1));
    g = placeSource(g, src(2));
    expect(ids(g)).toEqual(['2/1']);
  });

  it('restarts a channel already on screen in its own tile, keeping its stream kind', () => {
    let g = placeSource(initialGrid(4), src(1));
    g = switchStream(g, 'sub');
    g = placeSource(g, src(2));
    g = placeSource(g, src(1, 1, 'again'));
    expect(ids(g)).toEqual(['1/1', '2/1', '-', '-']);
    expect(g.selected).toBe(0);
    expect(g.tiles[0]).toMatchObject({ nonce: 'again', stream: 'sub' });
  });
});

describe('placeAll', () => {
  const channels = (n: number) => Array.from({ length: n }, (_, i) => src(9, i + 1));

  it('grows the layout to the smallest that holds every channel, in consecutive tiles', () => {
    const g = placeAll(initialGrid(1), channels(3));
    expect(g.layout).toBe(4);
    expect(ids(g)).toEqual(['9/1', '9/2', '9/3', '-']);
    expect(g.selected).toBe(0);
    expect(placeAll(initialGrid(1), channels(5)).layout).toBe(9);
    expect(placeAll(initialGrid(1), channels(10)).layout).toBe(16);
  });

  it('keeps what plays and uses the empty run after it, growing when the run is too short', () => {
    const one = placeSource(initialGrid(4), src(1));
    expect(ids(placeAll(one, channels(3)))).toEqual(['1/1', '9/1', '9/2', '9/3']);
    const grown = placeAll(one, channels(4));
    expect(grown.layout).toBe(9);
    expect(ids(grown).slice(0, 5)).toEqual(['1/1', '9/1', '9/2', '9/3', '9/4']);
    expect(grown.selected).toBe(1);
  });

  it('never shrinks the layout and takes at most 16 channels', () => {
    expect(placeAll(initialGrid(16), channels(2)).layout).toBe(16);
    const full = placeAll(initialGrid(1), channels(20));
    expect(full.layout).toBe(16);
    expect(ids(full).at(-1)).toBe('9/16');
  });

  it('with no room left even at 16 fills from the first tile', () => {
    let g = initialGrid(16);
    for (let i = 1; i <= 16; i++) g = placeSource(g, src(i));
    const all = placeAll(g, channels(2));
    expect(ids(all).slice(0, 3)).toEqual(['9/1', '9/2', '3/1']);
  });
});

describe('layouts and streams', () => {
  it('layoutFor picks 1, 4, 9 or 16', () => {
    expect([1, 2, 4, 5, 9, 10, 16, 40].map(layoutFor)).toEqual([1, 4, 4, 9, 9, 16, 16, 16]);
  });

  it('a smaller layout stops the tiles it hides and keeps the selection on screen', () => {
    let g = placeAll(
      initialGrid(9),
      Array.from({ length: 9 }, (_, i) => src(1, i + 1)),
    );
    g = selectTile(g, 7);
    const small = withLayout(g, 4);
    expect(small.tiles.filter(Boolean)).toHaveLength(4);
    expect(small.selected).toBe(0);
  });

  it('switching stream changes the key, so the tile restarts', () => {
    const g = placeSource(initialGrid(4), src(1));
    const sub = switchStream(g, 'sub');
    expect(sub.tiles[0]!.stream).toBe('sub');
    expect(sourceKey(sub.tiles[0]!)).not.toBe(sourceKey(g.tiles[0]!));
    expect(switchStream(initialGrid(4), 'sub')).toEqual(initialGrid(4));
  });

  it('names snapshots <devName>-ch<channel>-<stamp>.png', () => {
    expect(snapshotName('Gate', 3, '20260102-030405')).toBe('Gate-ch3-20260102-030405.png');
  });
});

describe('parseLiveQuery', () => {
  const q = (s: string) => parseLiveQuery(new URLSearchParams(s));
  it('reads one channel or all', () => {
    expect(q('deviceId=7&devName=Gate&channel=2&random=x')).toMatchObject({ kind: 'one', deviceId: 7, channel: 2 });
    expect(q('deviceId=7&channel=all&random=y')).toMatchObject({ kind: 'all', deviceId: 7 });
    expect(q('deviceId=7')).toMatchObject({ kind: 'one', channel: 1 });
  });
  it('reads back the address a link outside the tree makes, a new one each time', () => {
    const href = liveHref({ deviceId: 9, devName: 'Warehouse NVR', channel: 3 }, 0.5);
    expect(href.startsWith('/project/live?')).toBe(true);
    expect(q(href.split('?')[1]!)).toMatchObject({ kind: 'one', deviceId: 9, devName: 'Warehouse NVR', channel: 3 });
    expect(liveHref({ deviceId: 9, devName: 'x', channel: 3 }, 0.25)).not.toBe(href);
  });
  it('asks for nothing without a device and flags a broken query', () => {
    expect(q('')).toBeNull();
    expect(q('deviceId=abc')).toEqual({ kind: 'invalid' });
    expect(q('deviceId=3&channel=0')).toEqual({ kind: 'invalid' });
  });
});

describe('allChannelsOutcome', () => {
  const ch = (index: number, playable: boolean): Channel => ({
    id: index,
    index,
    channelTitle: `CH${index}`,
    main: playable ? 0 : -1,
    extra: playable ? 0 : -1,
    state: playable ? 'online' : 'unconfigured',
    playable,
    kind: 'normal',
    cameraType: 'ordinary',
    enable: true,
    gbCode: null,
  });
  it('no channels: no playable device; none online: no online channels; else the playable ones by index', () => {
    expect(allChannelsOutcome([])).toBe('noPlayableDevice');
    expect(allChannelsOutcome([ch(1, false), ch(2, false)])).toBe('noOnlineChannels');
    const ok = allChannelsOutcome([ch(3, true), ch(1, true), ch(2, false)]);
    expect(Array.isArray(ok) && ok.map((c) => c.index)).toEqual([1, 3]);
  });
});
