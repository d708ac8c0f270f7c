// /project/live driven by the tree's query: livePlayUrl per tile, the socket it opens, all-channel expansion, messages.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectNode } from '@svc/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi, resetApiEnvironment } from '@/lib/api/environment';
import { FakeWebSocket, fakeMediaSourceClass } from '@/components/player/test-fakes';
import { InConsole, sessionWith } from '@/test/console';
import { fakeServer, renderAt } from '@/test/render';
import { projectKeys } from '@/features/project/api/keys';
import LivePage from './LivePage';

const PLAY_URL = {
  wsUrl: '/media/live/s1.mp4?exp=1&sig=x&lang=en-US',
  hlsUrl: '/media/hls/s1/index.m3u8',
  expiresAt: '2026-11-22T08:10:00.000Z',
  codec: 'h264',
  mime: 'video/mp4; codecs="avc1.4d401e"',
  width: 640,
  height: 360,
};

const channel = (index: number, playable: boolean) => ({
  id: 100 + index,
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

const query = (deviceId: number, devName: string, ch: number | 'all', random: string) =>
  `/project/live?deviceId=${deviceId}&uuid=u${deviceId}&devType=${ch === 'all' ? 'NVR' : 'IPC'}&devName=${devName}&proName=Harbour&channel=${ch}&random=${random}`;

async function open(path: string, { channels = [channel(1, true)] } = {}) {
  const fake = fakeServer({
    '/api/device/livePlayUrl': () => ({ code: 1, data: PLAY_URL }),
    '/api/device/channel/list': () => ({ code: 1, data: channels }),
  });
  configureApi({ fetch: fake.fetch });
  const element = (
    <InConsole session={sessionWith(['project', 'preview', 'device-show'])}>
      <LivePage />
    </InConsole>
  );
  const view = await renderAt(path, [{ path: '/project/live', element }]);
  const plays = () => fake.calls.filter((c) => c.path === '/api/device/livePlayUrl').map((c) => c.body);
  return { ...view, plays };
}

let supported = (_: string) => true;

beforeEach(() => {
  FakeWebSocket.instances = [];
  supported = () => true;
  vi.stubGlobal('MediaSource', fakeMediaSourceClass((mime) => supported(mime)).MediaSourceClass);
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetApiEnvironment();
});

describe('LivePage', () => {
  it('without a query shows empty tiles that point to the tree', async () => {
    await open('/project/live');
    expect(await screen.findAllByText('Select a device in the project tree to play it here.')).toHaveLength(4);
    expect(screen.getByRole('button', { name: /Stop all/ }).hasAttribute('disabled')).toBe(true);
  });

  it('plays the clicked channel: livePlayUrl, then a socket on the signed path', async () => {
    const { plays } = await open(query(5, 'Gate', 1, 'a'));
    const tile = await screen.findByRole('group', { name: 'Gate · Channel 1' });
    await waitFor(() => expect(plays()).toEqual([{ deviceId: 5, channel: 1, stream: 'main' }]));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    expect(FakeWebSocket.instances[0]!.url).toMatch(/^ws:\/\/[^/]+\/media\/live\/s1\.mp4\?exp=1&sig=x&lang=en-US$/);
    expect(within(tile).getByText('Connecting…')).toBeTruthy();

    act(() => {
      FakeWebSocket.instances[0]!.text({ type: 'error', code: 4104, msg: 'No stream arrived within 10 s.' });
      FakeWebSocket.instances[0]!.serverClose(4104);
    });
    expect(await within(tile).findByText('No stream arrived within 10 s.')).toBeTruthy();
  });

  it('a new click (new random) on the cached page plays in the next empty tile', async () => {
    const { router, plays } = await open(query(5, 'Gate', 1, 'a'));
    await screen.findByRole('group', { name: 'Gate · Channel 1' });
    await act(() => router.navigate(query(6, 'Dock', 1, 'b')));
    const tiles = screen.getAllByRole('group');
    expect(tiles[1]!.getAttribute('aria-label')).toBe('Dock · Channel 1');
    expect(tiles[1]!.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(plays()).toHaveLength(2));
  });

  it('the stream switch restarts the selected tile on the sub stream', async () => {
    const { plays } = await open(query(5, 'Gate', 1, 'a'));
    await waitFor(() => expect(plays()).toHaveLength(1));
    fireEvent.click(screen.getByText('Sub stream'));
    await waitFor(() =>
      expect(plays()).toEqual([
        { deviceId: 5, channel: 1, stream: 'main' },
        { deviceId: 5, channel: 1, stream: 'sub' },
      ]),
    );
  });

  it('channel=all opens every online channel in consecutive tiles, growing the layout', async () => {
    const channels = [1, 2, 3, 4, 5, 6].map((i) => channel(i, i !== 2));
    const { plays } = await open(query(9, 'Recorder', 'all', 'c'), { channels });
    await screen.findByRole('group', { name: 'Recorder · Channel 6' });
    const names = screen.getAllByRole('group').map((t) => t.getAttribute('aria-label'));
    expect(names).toHaveLength(9);
    expect(names.slice(0, 6)).toEqual([
      'Recorder · Channel 1',
      'Recorder · Channel 3',
      'Recorder · Channel 4',
      'Recorder · Channel 5',
      'Recorder · Channel 6',
      'Tile 6',
    ]);
    await waitFor(() =>
      expect(
        plays()
          .map((b) => (b as { channel: number }).channel)
          .sort(),
      ).toEqual([1, 3, 4, 5, 6]),
    );
  });

  it('says there are no online channels when none is playable', async () => {
    await open(query(9, 'Recorder', 'all', 'c'), { channels: [channel(1, false), channel(2, false)] });
    expect(await screen.findByText('No online channels.')).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('says no playable device for a device without channels', async () => {
    await open(query(9, 'Recorder', 'all', 'c'), { channels: [] });
    expect(await screen.findByText('No playable device.')).toBeTruthy();
  });

  it('says no playable device for a query naming no device', async () => {
    await open('/project/live?deviceId=abc&channel=1&random=q');
    expect(await screen.findByText('No playable device.')).toBeTruthy();
  });

  it('says the device is offline when the tree knows it is', async () => {
    const { router, queryClient } = await open('/project/live');
    const node = {
      id: 1,
      deviceVOS: [{ id: 5, uuid: 'u5', sn: 'S', devName: 'Gate', devType: 'IPC', statusLive: 'offline' }],
      children: [],
    } as unknown as ProjectNode;
    queryClient.setQueryData(projectKeys.mine(), [node]);
    await act(() => router.navigate(query(5, 'Gate', 1, 'z')));
    expect(await screen.findByText('Device offline.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Gate · Channel 1' })).toBeNull();
  });

  it('tells the user the browser cannot decode H.265', async () => {
    supported = (mime) => !mime.includes('hvc1');
    await open(query(5, 'Gate', 1, 'a'));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    act(() =>
      FakeWebSocket.instances[0]!.text({ type: 'init', codec: 'h265', mime: 'video/mp4; codecs="hvc1.1.6.L93.B0"' }),
    );
    expect(await screen.findByText(/This browser cannot decode H\.265 \(HEVC\) video/)).toBeTruthy();
  });

  it('stop all empties the grid and closes the sockets', async () => {
    await open(query(5, 'Gate', 1, 'a'));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: /Stop all/ }));
    await waitFor(() => expect(FakeWebSocket.instances[0]!.closedWith).toBe(1000));
    expect(screen.getAllByText('Select a device in the project tree to play it here.')).toHaveLength(4);
  });
});
