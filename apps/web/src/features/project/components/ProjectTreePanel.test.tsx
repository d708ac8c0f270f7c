// Project-tree panel: rows from query/mine, the SPEC §2 click rules per node privileges (vehicle devices included),
// the groups of pages under each project, and the add dialog's §5 messages.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectNode, Session } from '@svc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { ProjectTreePanel } from './ProjectTreePanel';

const device = (
  id: number,
  devName: string,
  statusLive: 'online' | 'dormancy' | 'offline',
  devType: 'IPC' | 'NVR' = 'IPC',
  vehicle = false,
) => ({
  id,
  uuid: `uuid-${id}`,
  sn: `SN000000000${id}`,
  devName,
  devType,
  statusLive,
  vehicle,
});

function project(id: number, title: string, over: Partial<ProjectNode> = {}): ProjectNode {
  return {
    id,
    title,
    proName: title,
    proLogo: '/api/file/logo.png',
    kind: 'project',
    parentId: null,
    parentRootId: id,
    projectVirtualUuid: `v-${id}`,
    privileges: [],
    modules: [],
    deviceCount: 0,
    moreShow: false,
    deviceVOS: [],
    children: [],
    ...over,
  };
}

const FOREST = [
  project(1, 'Harbour', {
    privileges: [{ key: 'device-show' }, { key: 'project-edit' }],
    deviceCount: 12,
    moreShow: true,
    deviceVOS: [
      device(11, 'Gate cam', 'online'),
      device(12, 'Dock cam', 'offline'),
      device(13, 'Recorder', 'online', 'NVR'),
      device(14, 'Old recorder', 'offline', 'NVR'),
      device(15, 'Truck cam', 'offline', 'IPC', true),
    ],
  }),
  project(2, 'Depot', {
    deviceCount: 2,
    deviceVOS: [device(21, 'Yard cam', 'online'), device(22, 'Van cam', 'online', 'IPC', true)],
  }),
];

/** Every key a group needs: map settings, video administration, AI service and location tracking. */
const GROUP_KEYS = ['project', 'map', 'video', 'aisvr', 'vehicle-mounted-GPS'];

async function open(
  keys = ['project'],
  {
    session = {},
    routes,
    forest = FOREST,
    first = 'Gate cam',
  }: { session?: Partial<Session>; routes?: { path: string }[]; forest?: ProjectNode[]; first?: string } = {},
) {
  const view = await renderInConsole(<ProjectTreePanel routes={routes} />, {
    session: sessionWith(keys, session),
    handlers: { '/api/project/query/mine': () => ({ code: 1, data: forest }) },
  });
  await screen.findByText(first, undefined, { timeout: 10_000 });
  return view;
}

/** The tree row (treeitem) that shows `text`. */
const rowOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[role="treeitem"]')!;
const switcherOf = (text: string) => rowOf(text).querySelector<HTMLElement>('.ant-tree-switcher')!;

afterEach(() => resetApiEnvironment());

describe('ProjectTreePanel', () => {
  it('lists projects with their device counts, devices and a more link', async () => {
    await open();
    expect(screen.getByText('Harbour')).toBeTruthy();
    expect(screen.getByLabelText('12 devices')).toBeTruthy();
    expect(screen.getByText('Yard cam')).toBeTruthy();
    expect(screen.getByText('More devices (12 in all)')).toBeTruthy();
    // The edit icon only where the node grants project-edit.
    expect(screen.getByRole('button', { name: 'Edit Harbour' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Depot' })).toBeNull();
  });

  it('says an offline device is offline', async () => {
    await open();
    fireEvent.click(screen.getByText('Dock cam'));
    expect(await screen.findByText('The device is offline.')).toBeTruthy();
  });

  it('warns on a device of a node without device-show', async () => {
    await open();
    fireEvent.click(screen.getByText('Yard cam'));
    expect(await screen.findByText('You have no permission to view this device.')).toBeTruthy();
  });

  it('opens live view of the clicked device on its first channel', async () => {
    const { router } = await open();
    fireEvent.click(screen.getByText('Gate cam'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/live'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('deviceId')).toBe('11');
    expect(q.get('channel')).toBe('1');
  });

  it('offers a play icon on NVR rows only, opening live view of all channels', async () => {
    const { router } = await open();
    expect(screen.queryByRole('button', { name: 'Play all channels of Gate cam' })).toBeNull();
    const play = screen.getByRole('button', { name: 'Play all channels of Recorder' });
    expect(play.style.opacity).toBe('0');
    fireEvent.mouseEnter(screen.getByText('Recorder'));
    expect(play.style.opacity).toBe('1');
    fireEvent.click(play);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/live'));
    const q = new URLSearchParams(router.state.location.search);
    expect(q.get('deviceId')).toBe('13');
    expect(q.get('channel')).toBe('all');
  });

  it('the play icon of an offline NVR says it is offline', async () => {
    const { router } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Play all channels of Old recorder' }));
    expect(await screen.findByText('The device is offline.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/page');
  });

  it('tells the user to set up a vehicle-mounted device in home-page configuration, marked with its icon', async () => {
    const { router } = await open();
    expect(screen.getAllByRole('img', { name: 'Vehicle-mounted device' })).toHaveLength(2);
    // Offline as well: the vehicle rule comes before the offline one.
    fireEvent.click(screen.getByText('Truck cam'));
    expect(
      await screen.findByText('This is a vehicle-mounted device: set it up in home-page configuration.'),
    ).toBeTruthy();
    expect(screen.queryByText('The device is offline.')).toBeNull();
    expect(router.state.location.pathname).toBe('/page');
  });

  it('checks the permission before the vehicle rule', async () => {
    await open();
    fireEvent.click(screen.getByText('Van cam'));
    expect(await screen.findByText('You have no permission to view this device.')).toBeTruthy();
    expect(screen.queryByText('This is a vehicle-mounted device: set it up in home-page configuration.')).toBeNull();
  });

  it('lists map settings and video administration under each project, folded, without the AI groups', async () => {
    await open(GROUP_KEYS);
    expect(screen.getAllByText('Map settings')).toHaveLength(2);
    expect(screen.getAllByText('Video administration')).toHaveLength(2);
    expect(screen.queryByText('AI service')).toBeNull();
    expect(screen.queryByText('Location tracking')).toBeNull();
    expect(screen.queryByText('Digital map')).toBeNull();
  });

  it('shows AI service and location tracking to users in the configured list', async () => {
    await open(GROUP_KEYS, { session: { showAiServices: true } });
    expect(screen.getAllByText('AI service')).toHaveLength(2);
    expect(screen.getAllByText('Location tracking')).toHaveLength(2);
    fireEvent.click(screen.getAllByText('Location tracking')[0]!);
    expect(await screen.findByText('Operations board')).toBeTruthy();
  });

  it('shows no group the user and the node do not allow', async () => {
    await open(['project', 'video'], { session: { showAiServices: true } });
    expect(screen.getAllByText('Video administration')).toHaveLength(2);
    expect(screen.queryByText('Map settings')).toBeNull();
    expect(screen.queryByText('AI service')).toBeNull();
  });

  it('greys an entry whose page does not exist yet and says so', async () => {
    const { router } = await open(GROUP_KEYS);
    fireEvent.click(screen.getAllByText('Map settings')[0]!);
    const entry = await screen.findByText('Digital map');
    expect(entry.getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('link', { name: 'Digital map' })).toBeNull();
    fireEvent.click(entry);
    fireEvent.mouseEnter(entry);
    expect(await screen.findByText('Not available yet')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/page');
  });

  it('opens an entry whose page exists with the project id', async () => {
    const { router } = await open(GROUP_KEYS, { routes: [{ path: '/project/map' }] });
    fireEvent.click(screen.getAllByText('Map settings')[0]!);
    const link = await screen.findByRole('link', { name: 'Digital map' });
    expect(screen.getByText('Local map').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/map'));
    expect(router.state.location.search).toBe('?projectId=1');
  });

  it('the add dialog states the name and logo rules before calling the server', async () => {
    const { callsTo } = await open(['project', 'project-add']);
    fireEvent.click(screen.getByRole('button', { name: 'Add project' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('#proName')!, { target: { value: 'Gate #1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Project name cannot contain special characters.')).toBeTruthy();
    expect(within(dialog).getByText('Project logo cannot be empty.')).toBeTruthy();
    fireEvent.change(dialog.querySelector('#proName')!, { target: { value: '' } });
    expect(await within(dialog).findByText('Project name cannot be empty.')).toBeTruthy();
    await waitFor(() => expect(callsTo('/api/project/add')).toHaveLength(0));
  });

  it('is a tree of rows with their level, place and fold state, named by the panel title', async () => {
    await open();
    const tree = screen.getByRole('tree', { name: 'Projects' });
    expect(within(tree).getAllByRole('treeitem').length).toBeGreaterThan(5);
    const harbour = rowOf('Harbour');
    expect(harbour.getAttribute('aria-expanded')).toBe('true');
    expect(harbour.getAttribute('aria-level')).toBe('1');
    expect(harbour.getAttribute('aria-setsize')).toBe('2');
    const cam = rowOf('Gate cam');
    expect(cam.getAttribute('aria-level')).toBe('2');
    expect(cam.hasAttribute('aria-expanded')).toBe(false);
    // The status icon names the status.
    expect(within(cam).getByRole('img', { name: 'Online' })).toBeTruthy();
    expect(within(rowOf('Dock cam')).getByRole('img', { name: 'Offline' })).toBeTruthy();
    fireEvent.click(switcherOf('Harbour'));
    expect(harbour.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Gate cam')).toBeNull();
  });

  it('counts every expand click, however fast they come', async () => {
    await open(GROUP_KEYS);
    // Harbour's groups, found afresh each time: rows show other entries as the ones above them unfold.
    const switcher = (group: string) =>
      screen.getAllByText(group)[0]!.closest('[role="treeitem"]')!.querySelector<HTMLElement>('.ant-tree-switcher')!;
    fireEvent.click(switcher('Map settings'));
    fireEvent.click(switcher('Video administration'));
    expect(screen.getAllByText('Digital map')).toHaveLength(1);
    expect(screen.getAllByText('Video plan')).toHaveLength(1);
    fireEvent.click(switcher('Map settings'));
    expect(screen.queryByText('Digital map')).toBeNull();
    expect(screen.getAllByText('Video plan')).toHaveLength(1);
  });

  it('moves, folds and opens rows from the keyboard', async () => {
    const { router } = await open();
    const tree = screen.getByRole('tree');
    const active = () => document.getElementById(tree.getAttribute('aria-activedescendant') ?? '');
    // Tabbing in makes the first row active.
    fireEvent.focus(tree);
    expect(active()).toBe(rowOf('Harbour'));
    expect(rowOf('Harbour').classList.contains('ant-tree-treenode-active')).toBe(true);
    fireEvent.keyDown(tree, { key: 'ArrowLeft' });
    expect(screen.queryByText('Gate cam')).toBeNull();
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    fireEvent.keyDown(tree, { key: 'ArrowRight' });
    expect(active()).toBe(rowOf('Gate cam'));
    fireEvent.keyDown(tree, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/live'));
    expect(new URLSearchParams(router.state.location.search).get('deviceId')).toBe('11');
  });

  it("opens one menu for the whole tree, from a node's button or a right click", async () => {
    await open(['project', 'project-add', 'project-edit', 'project-delete']);
    // No menu is mounted until one is asked for.
    expect(document.querySelector('.ant-dropdown')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Harbour' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Add sub-project', 'Add monitoring area', 'Edit', 'Delete']);

    fireEvent.contextMenu(screen.getByText('Depot'));
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Add sub-project' })).toBeTruthy());
    expect(document.querySelectorAll('.ant-dropdown')).toHaveLength(1);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await within(await screen.findByRole('dialog')).findAllByText('Delete Depot?')).not.toHaveLength(0);
  });

  it('opens the add dialog of an area from the menu', async () => {
    await open(['project', 'project-add']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Depot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add monitoring area' }));
    expect(await within(await screen.findByRole('dialog')).findByText('Add monitoring area')).toBeTruthy();
  });

  it('adds an area without a logo, in words of an area, and shows a taken name on the name field', async () => {
    const answers = [
      {
        code: 409,
        msg: 'A project or monitoring area named Lobby already exists at this level.',
        data: { field: 'proName' },
      },
      { code: 1, msg: 'Monitoring area added.', data: { id: 99 } },
    ];
    const { callsTo } = await renderInConsole(<ProjectTreePanel />, {
      session: sessionWith(['project', 'project-add']),
      handlers: {
        '/api/project/query/mine': () => ({ code: 1, data: FOREST }),
        '/api/project/add': () => answers.shift()!,
      },
    });
    await screen.findByText('Gate cam', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Depot' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add monitoring area' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Add monitoring area');
    expect(within(dialog).getByText('Area name')).toBeTruthy();
    expect(within(dialog).getByText('Area icon (optional)')).toBeTruthy();
    expect(within(dialog).queryByText('Project logo cannot be empty.')).toBeNull();
    // Pasted whole: the field keeps what was given and names the limit (no maxlength cuts it).
    const name = dialog.querySelector<HTMLInputElement>('#proName')!;
    expect(name.getAttribute('maxlength')).toBeNull();
    fireEvent.change(name, { target: { value: 'N'.repeat(40) } });
    expect(await within(dialog).findByText('At most 32 characters.')).toBeTruthy();
    expect(name.value).toHaveLength(40);

    fireEvent.change(name, { target: { value: 'Lobby' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const taken = await within(dialog).findByText(
      'A project or monitoring area named Lobby already exists at this level.',
    );
    expect(taken.closest('.ant-form-item')!.querySelector('#proName')).toBe(name);
    expect(callsTo('/api/project/add')[0]!.body).toEqual({ proName: 'Lobby', parentId: 2, kind: 'area' });

    fireEvent.change(name, { target: { value: 'Loading_Bay' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/project/add')).toHaveLength(2));
    expect(callsTo('/api/project/add')[1]!.body).toEqual({ proName: 'Loading_Bay', parentId: 2, kind: 'area' });
  });

  it('closes the menu on Escape, the focus staying on its button', async () => {
    await open(['project', 'project-delete']);
    const button = screen.getByRole('button', { name: 'Actions for Harbour' });
    button.focus();
    fireEvent.click(button);
    await screen.findByRole('menuitem', { name: 'Delete' });
    expect(document.querySelector('.project-tree-menu-anchor.ant-dropdown-open')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'Escape', keyCode: 27 });
    // The menu's anchor loses antd's open class (jsdom never ends the closing animation).
    await waitFor(() => expect(document.querySelector('.project-tree-menu-anchor.ant-dropdown-open')).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it('offers no menu on a node the user may not change', async () => {
    await open();
    // Harbour grants project-edit itself; Depot grants nothing.
    expect(screen.getByRole('button', { name: 'Actions for Harbour' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions for Depot' })).toBeNull();
    fireEvent.contextMenu(screen.getByText('Depot'));
    expect(document.querySelector('.ant-dropdown')).toBeNull();
  });

  it('renders only the rows near the view, and the others as the tree scrolls', async () => {
    const devices = Array.from({ length: 2000 }, (_, i) => device(1000 + i, `Cam ${i + 1}`, 'online'));
    await open(['project'], {
      forest: [project(9, 'Plant', { deviceCount: devices.length, deviceVOS: devices })],
      first: 'Cam 1',
    });
    const rows = () => screen.getAllByRole('treeitem');
    expect(rows().length).toBeLessThan(100);
    expect(screen.queryByText('Cam 2000')).toBeNull();
    const holder = document.querySelector<HTMLElement>('.ant-tree-list-holder')!;
    fireEvent.scroll(holder, { target: { scrollTop: 2000 * 28 } });
    expect(await screen.findByText('Cam 2000')).toBeTruthy();
    expect(screen.queryByText('Cam 1')).toBeNull();
    expect(rows().length).toBeLessThan(100);
  });

  it("mounts the play icon's tooltip when the pointer reaches it", async () => {
    await open();
    const play = screen.getByRole('button', { name: 'Play all channels of Recorder' });
    // The icon is drawn once the row is hovered, its tooltip once the pointer reaches the icon.
    expect(play.querySelector('.project-tree-tip')).toBeNull();
    fireEvent.mouseEnter(screen.getByText('Recorder'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(play.querySelector('.project-tree-tip')!);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('tooltip').textContent).toBe('Play all channels of Recorder');
  });
});

describe('ProjectTreePanel recorder channels', () => {
  const channel = (index: number, playable: boolean) => ({
    id: 1300 + index,
    index,
    channelTitle: `Recorder CH0${index}`,
    main: playable ? 0 : -1,
    extra: null,
    state: playable ? 'online' : 'unconfigured',
    playable,
    kind: 'normal',
    cameraType: 'ordinary',
    enable: true,
    gbCode: null,
    longitude: null,
    latitude: null,
  });

  async function openWithChannels(answer: (deviceId: number) => { code: number; data?: unknown; msg?: string }) {
    const view = await renderInConsole(<ProjectTreePanel />, {
      session: sessionWith(['project', 'device']),
      handlers: {
        '/api/project/query/mine': () => ({ code: 1, data: FOREST }),
        '/api/device/channel/list': (body) => answer((body as { deviceId: number }).deviceId),
      },
    });
    await screen.findByText('Gate cam', undefined, { timeout: 10_000 });
    return { ...view, asked: () => view.callsTo('/api/device/channel/list').map((c) => c.body) };
  }

  it('unfolds an NVR to its channels, by state, asking for them only then', async () => {
    const { asked } = await openWithChannels(() => ({ code: 1, data: [channel(2, false), channel(1, true)] }));
    expect(rowOf('Recorder').getAttribute('aria-expanded')).toBe('false');
    expect(asked()).toEqual([]);
    fireEvent.click(switcherOf('Recorder'));
    expect(await screen.findByText('Recorder CH01')).toBeTruthy();
    expect(asked()).toEqual([{ deviceId: 13 }]);
    expect(rowOf('Recorder').getAttribute('aria-expanded')).toBe('true');
    // By number, each one level below its recorder, named with its state.
    const rows = screen.getAllByRole('treeitem').map((r) => r.textContent);
    expect(rows.indexOf('Recorder CH01')).toBe(rows.indexOf('Recorder') + 1);
    expect(rows.indexOf('Recorder CH02')).toBe(rows.indexOf('Recorder') + 2);
    expect(rowOf('Recorder CH01').getAttribute('aria-level')).toBe('3');
    expect(within(rowOf('Recorder CH01')).getByLabelText('Online')).toBeTruthy();
    expect(within(rowOf('Recorder CH02')).getByLabelText('Offline')).toBeTruthy();
    // Folding hides them again.
    fireEvent.click(switcherOf('Recorder'));
    await waitFor(() => expect(screen.queryByText('Recorder CH01')).toBeNull());
  });

  it('plays an online channel alone in live view, and says an offline one cannot play', async () => {
    const { router } = await openWithChannels(() => ({ code: 1, data: [channel(1, true), channel(2, false)] }));
    fireEvent.click(switcherOf('Recorder'));
    fireEvent.click(await screen.findByText('Recorder CH02'));
    expect(await screen.findByText('The channel is offline and cannot play.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/page');
    fireEvent.click(screen.getByText('Recorder CH01'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/live'));
    const q = new URLSearchParams(router.state.location.search);
    expect([q.get('deviceId'), q.get('channel'), q.get('devName')]).toEqual(['13', '1', 'Recorder']);
  });

  it('shows the channels of an offline recorder as offline, and does not play them', async () => {
    await openWithChannels(() => ({ code: 1, data: [channel(1, true)] }));
    fireEvent.click(switcherOf('Old recorder'));
    const ch = await screen.findByText('Recorder CH01');
    expect(within(rowOf('Recorder CH01')).getByLabelText('Offline')).toBeTruthy();
    fireEvent.click(ch);
    expect(await screen.findByText('The device is offline.')).toBeTruthy();
  });

  it('says when the channels could not be loaded or there are none, and asks again on a click', async () => {
    let fail = true;
    const { asked } = await openWithChannels((id) =>
      id === 14 ? { code: 1, data: [] } : fail ? { code: 5000, msg: 'boom' } : { code: 1, data: [channel(1, true)] },
    );
    fireEvent.click(switcherOf('Old recorder'));
    expect(await screen.findByText('No channels')).toBeTruthy();
    fireEvent.click(switcherOf('Recorder'));
    const failed = await screen.findByText('The channels could not be loaded. Click to try again.');
    fail = false;
    fireEvent.click(failed);
    expect(await screen.findByText('Recorder CH01')).toBeTruthy();
    expect(asked().filter((b) => (b as { deviceId: number }).deviceId === 13)).toHaveLength(2);
  });

  it('leaves recorders folded shut for users who may not list channels', async () => {
    await open(['project']);
    expect(rowOf('Recorder').getAttribute('aria-expanded')).toBeNull();
    expect(switcherOf('Recorder')).toBeNull();
  });
});
