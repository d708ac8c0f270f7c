// Project-tree panel: rows from query/mine, the SPEC §2 click rules per node privileges, and the add dialog's §5 messages.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProjectNode } from '@svc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '../../../app/api/environment';
import { renderInConsole, sessionWith } from '../../../test/console';
import { ProjectTreePanel } from './ProjectTreePanel';

const device = (
  id: number,
  devName: string,
  statusLive: 'online' | 'dormancy' | 'offline',
  devType: 'IPC' | 'NVR' = 'IPC',
) => ({
  id,
  uuid: `uuid-${id}`,
  sn: `SN000000000${id}`,
  devName,
  devType,
  statusLive,
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
    ],
  }),
  project(2, 'Depot', { deviceCount: 1, deviceVOS: [device(21, 'Yard cam', 'online')] }),
];

async function open(keys = ['project']) {
  const view = await renderInConsole(<ProjectTreePanel />, {
    session: sessionWith(keys),
    handlers: { '/api/project/query/mine': () => ({ code: 1, data: FOREST }) },
  });
  await screen.findByText('Gate cam', undefined, { timeout: 10_000 });
  return view;
}

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
});
