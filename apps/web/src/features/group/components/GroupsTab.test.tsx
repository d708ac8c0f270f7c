// Device groups: delete only once closed (SPEC §4), closing through update with the state, buttons per `group-edit`.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { GroupsTab } from './GroupsTab';

const GROUPS = [
  { id: 1, name: 'Entrance', remark: 'Doors', state: 'open', employeeCount: 2 },
  { id: 2, name: 'Archive', remark: null, state: 'closed', employeeCount: 0 },
];

async function open(keys = ['user', 'role', 'group-edit']) {
  const view = await renderInConsole(<GroupsTab />, {
    session: sessionWith(keys),
    handlers: {
      '/api/group/getAll': () => ({ code: 1, data: GROUPS }),
      '/api/group/update': () => ({ code: 1, data: null }),
      '/api/group/delete': () => ({ code: 1, data: null }),
    },
  });
  await screen.findByText('Entrance', undefined, { timeout: 10_000 });
  return view;
}

const row = (name: string) => screen.getByText(name).closest('tr')!;
const confirmOk = async () =>
  fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

afterEach(() => resetApiEnvironment());

describe('GroupsTab', () => {
  it('lets only a closed group be deleted', async () => {
    const { callsTo } = await open();
    expect(within(row('Entrance')).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    fireEvent.click(within(row('Archive')).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('/api/group/delete')).toHaveLength(1));
    expect(callsTo('/api/group/delete')[0]!.body).toEqual({ id: 2 });
  });

  it('closes an open group by updating its state, keeping name and remark', async () => {
    const { callsTo } = await open();
    fireEvent.click(within(row('Entrance')).getByRole('button', { name: 'Close' }));
    await confirmOk();
    await waitFor(() => expect(callsTo('/api/group/update')).toHaveLength(1));
    expect(callsTo('/api/group/update')[0]!.body).toEqual({
      id: 1,
      name: 'Entrance',
      remark: 'Doors',
      state: 'closed',
    });
  });

  it('without group-edit the list has no actions', async () => {
    await open(['user', 'role']);
    expect(screen.queryByRole('button', { name: /Add group/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
