// A device group's editor: its devices with named channels, the picker's calls, and moving staff in and out.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Device, ProjectNode } from '@svc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import type { Group } from '../api/groups-query';
import { GroupEditorDrawer } from './GroupEditorDrawer';

const GROUP: Group = { id: 3, name: 'Entrance', remark: null, state: 'open', employeeCount: 1 };
const IN_GROUP = [
  { id: 21, sn: 'SNCAM0000000021', devName: 'Lobby camera', devType: 'IPC' },
  { id: 22, sn: 'SNNVR0000000022', devName: 'Office NVR', devType: 'NVR' },
];
const NAMED = [{ id: 222, deviceId: 22, index: 2, channelTitle: 'Back door' }];
const device = (id: number, devName: string, devType: Device['devType']) =>
  ({ id, sn: `SN${id}`.padEnd(13, '0'), devName, devType, projectId: 10, projectName: 'Plaza' }) as Device;
const PICKABLE = [
  device(21, 'Lobby camera', 'IPC'),
  device(31, 'Car park camera', 'IPC'),
  device(32, 'Yard DVR', 'DVR'),
];
const FOREST = [{ id: 10, title: 'Plaza', children: [] as ProjectNode[] } as ProjectNode];
const STAFF = [
  { id: 51, loginName: 'annli', name: 'Ann Li', groupId: 3, groupName: 'Entrance' },
  { id: 52, loginName: 'bozhou', name: 'Bo Zhou', groupId: 9, groupName: 'Yard' },
  { id: 53, loginName: 'cyliu', name: 'Cy Liu', groupId: null, groupName: null },
];

async function open(keys = ['user', 'role', 'group-edit', 'project', 'device']) {
  const ok = () => ({ code: 1, data: null });
  const view = await renderInConsole(
    <GroupEditorDrawer group={GROUP} editable={keys.includes('group-edit')} onClose={() => undefined} />,
    {
      session: sessionWith(keys),
      handlers: {
        '/api/group/device/query': () => ({
          code: 1,
          data: { list: IN_GROUP, total: IN_GROUP.length, totalCapped: false, nextCursor: null },
        }),
        '/api/group/channel/query': () => ({ code: 1, data: NAMED }),
        '/api/group/employee/query': () => ({ code: 1, data: STAFF }),
        '/api/project/query/mine': () => ({ code: 1, data: FOREST }),
        '/api/device/page/queryList': () => ({
          code: 1,
          data: { list: PICKABLE, total: PICKABLE.length, totalCapped: false, nextCursor: null },
        }),
        '/api/device/channel/list': () => ({
          code: 1,
          data: [1, 2, 3].map((i) => ({ id: 320 + i, index: i, channelTitle: `Yard ${i}` })),
        }),
        '/api/group/device/listAdd': ok,
        '/api/group/device/listRemove': ok,
        '/api/group/channel/listAdd': ok,
        '/api/group/channel/listRemove': ok,
        '/api/group/employee/listAdd': ok,
        '/api/group/employee/listRemove': ok,
      },
    },
  );
  // The first render of a file pays for antd's table, tree and transfer: generous on a busy machine.
  await screen.findByText('Office NVR', undefined, { timeout: 25_000 });
  return view;
}

const editor = () => screen.getAllByRole('dialog')[0]!;
const rowOf = (scope: HTMLElement, text: string) => within(scope).getByText(text).closest('tr')!;

afterEach(() => resetApiEnvironment());

describe('GroupEditorDrawer', () => {
  it('lists the devices with a recorder’s named channels, and removes a channel and a device', async () => {
    const { callsTo } = await open();
    expect(within(rowOf(editor(), 'Lobby camera')).getByText('All channels')).toBeTruthy();
    const nvr = rowOf(editor(), 'Office NVR');
    expect(within(nvr).getByText('2. Back door')).toBeTruthy();
    fireEvent.click(within(nvr).getByLabelText('Close'));
    await waitFor(() => expect(callsTo('/api/group/channel/listRemove')).toHaveLength(1));
    expect(callsTo('/api/group/channel/listRemove')[0]!.body).toEqual({ groupId: 3, channelIds: [222] });

    fireEvent.click(within(rowOf(editor(), 'Lobby camera')).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo('/api/group/device/listRemove')).toHaveLength(1));
    expect(callsTo('/api/group/device/listRemove')[0]!.body).toEqual({ groupId: 3, deviceIds: [21] });
  });

  it('adds a picked camera and two channels of a recorder, marking what is in already', async () => {
    const { callsTo } = await open();
    fireEvent.click(within(editor()).getByRole('button', { name: /Add devices/ }));
    const picker = (await screen.findByText('Add devices and channels to Entrance')).closest<HTMLElement>(
      '.ant-modal',
    )!;
    const lobby = await within(picker).findByText('Lobby camera');
    expect(within(lobby.closest('tr')!).getByText('In the group')).toBeTruthy();
    expect(within(lobby.closest('tr')!).getByRole('checkbox')).toHaveProperty('disabled', true);
    const add = () => within(picker).getByRole('button', { name: 'Add to the group' });
    expect(add()).toHaveProperty('disabled', true);

    fireEvent.click(within(rowOf(picker, 'Car park camera')).getByRole('checkbox'));
    fireEvent.click(within(rowOf(picker, 'Yard DVR')).getByRole('button', { name: /expand/i }));
    fireEvent.click(await within(picker).findByRole('checkbox', { name: '1. Yard 1' }));
    fireEvent.click(within(picker).getByRole('checkbox', { name: '3. Yard 3' }));
    expect(within(picker).getByText('Chosen: devices 2, channels 2')).toBeTruthy();
    fireEvent.click(add());
    await waitFor(() => expect(callsTo('/api/group/channel/listAdd')).toHaveLength(1));
    expect(callsTo('/api/group/device/listAdd')[0]!.body).toEqual({ groupId: 3, deviceIds: [31] });
    expect(callsTo('/api/group/channel/listAdd')[0]!.body).toEqual({ groupId: 3, channelIds: [321, 323] });
  });

  it('moves staff into the group (from another group too) and out of it', async () => {
    const { callsTo } = await open();
    fireEvent.click(within(editor()).getByRole('tab', { name: 'Staff' }));
    const staff = await within(editor()).findByRole('tabpanel', { name: 'Staff' });
    expect(await within(staff).findByText('Bo Zhou (bozhou, now in Yard)')).toBeTruthy();
    const save = within(staff).getByRole('button', { name: 'Save staff' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.click(within(staff).getByText('Bo Zhou (bozhou, now in Yard)'));
    fireEvent.click(within(staff).getByText('Ann Li (annli)'));
    fireEvent.click(within(staff).getByRole('button', { name: /right/ }));
    fireEvent.click(within(staff).getByRole('button', { name: /left/ }));
    fireEvent.click(save);
    await waitFor(() => expect(callsTo('/api/group/employee/listRemove')).toHaveLength(1));
    expect(callsTo('/api/group/employee/listAdd')[0]!.body).toEqual({ groupId: 3, employeeIds: [52] });
    expect(callsTo('/api/group/employee/listRemove')[0]!.body).toEqual({ groupId: 3, employeeIds: [51] });
  });

  it('without group-edit only shows what the group grants and whom it limits', async () => {
    await open(['user', 'role', 'project', 'device']);
    expect(within(editor()).queryByRole('button', { name: /Add devices/ })).toBeNull();
    expect(within(editor()).queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(within(rowOf(editor(), 'Office NVR')).queryByLabelText('Close')).toBeNull();
    fireEvent.click(within(editor()).getByRole('tab', { name: 'Staff' }));
    const staff = await within(editor()).findByRole('tabpanel', { name: 'Staff' });
    await within(staff).findByText('Ann Li (annli)');
    expect(within(staff).queryByRole('button', { name: 'Save staff' })).toBeNull();
  });
});
