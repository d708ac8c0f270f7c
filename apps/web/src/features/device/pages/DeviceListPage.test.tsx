// Device list: the server's page and total, SPEC §5 batch rule, the add form's serial-number rule and default login.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '../../../app/api/environment';
import { renderInConsole, sessionWith } from '../../../test/console';
import DeviceListPage, { projectIdParam } from './DeviceListPage';

const DEVICE = {
  id: 7,
  uuid: 'uuid-7',
  sn: 'ABCDE12345678',
  devName: 'Gate cam',
  devType: 'IPC',
  projectId: 3,
  projectName: 'Harbour',
  statusLive: 'online',
  loginName: 'Admin',
  gbCode: null,
  model: null,
  manufacturer: null,
  ip: null,
  port: null,
  longitude: null,
  latitude: null,
  channelCount: 1,
  tags: [],
  createdAt: '2026-01-01T00:00:00Z',
};

async function open() {
  const view = await renderInConsole(<DeviceListPage />, {
    session: sessionWith(['project', 'device', 'device-add', 'device-delete']),
    handlers: {
      '/api/project/query/mine': () => ({ code: 1, data: [] }),
      '/api/device/page/queryList': () => ({
        code: 1,
        data: { list: [DEVICE], total: 41, totalCapped: false, nextCursor: null },
      }),
    },
  });
  await screen.findByText('Gate cam', undefined, { timeout: 10_000 });
  return view;
}

afterEach(() => resetApiEnvironment());

describe('DeviceListPage', () => {
  it('shows the server total and asks for the first page', async () => {
    const { callsTo } = await open();
    expect(screen.getByText('Total: 41')).toBeTruthy();
    expect(callsTo('/api/device/page/queryList')[0]!.body).toEqual({ page: 1, size: 20 });
  });

  it('a batch delete needs a selection', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: /Delete selected/ }));
    expect(await screen.findByText('Select at least one item.')).toBeTruthy();
  });

  it('the add form checks the serial number and defaults the login name to Admin', async () => {
    const { callsTo } = await open();
    fireEvent.click(screen.getByRole('button', { name: /Add device/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector<HTMLInputElement>('#loginName')!.value).toBe('Admin');
    fireEvent.change(dialog.querySelector('#sn')!, { target: { value: 'ABC123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText('13, 16 or 20 letters or digits.').length).toBeGreaterThan(1),
    );
    expect(callsTo('/api/device/add')).toHaveLength(0);
  });

  it('reads the project of the tree’s more link from the address', () => {
    expect(projectIdParam('12')).toBe(12);
    expect(projectIdParam(null)).toBeUndefined();
    expect(projectIdParam('abc')).toBeUndefined();
    expect(projectIdParam('-1')).toBeUndefined();
  });
});
