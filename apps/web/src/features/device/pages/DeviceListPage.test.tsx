// Device list: the server's page and total, SPEC §5 batch rule, the add form's serial-number rule and default login,
// and the GB28181 settings button for holders of that privilege only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { SIP_SERVER, device } from '../testing/fixtures';
import DeviceListPage, { projectIdParam } from './DeviceListPage';

const DEVICE = device();

async function open(keys = ['project', 'device', 'device-add', 'device-delete']) {
  const view = await renderInConsole(<DeviceListPage />, {
    session: sessionWith(keys),
    handlers: {
      '/api/device/sipServer': () => ({ code: 1, data: SIP_SERVER }),
      '/api/device/regional/query': () => ({ code: 1, data: null }),
      '/api/device/channel/list': () => ({ code: 1, data: [] }),
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
    const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(dialog.querySelector<HTMLInputElement>('#loginName')!.value).toBe('Admin');
    fireEvent.change(dialog.querySelector('#sn')!, { target: { value: 'ABC123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getAllByText('13, 16 or 20 letters or digits.').length).toBeGreaterThan(1),
    );
    expect(callsTo('/api/device/add')).toHaveLength(0);
  });

  it('shows the GB28181 settings button only to holders of GB28181', async () => {
    await open();
    expect(screen.queryByRole('button', { name: /GB28181 settings/ })).toBeNull();
  });

  it('opens the GB28181 settings with the regional configuration', async () => {
    const { callsTo } = await open(['project', 'device', 'GB28181']);
    fireEvent.click(screen.getByRole('button', { name: /GB28181 settings/ }));
    const drawer = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    await waitFor(() => expect(drawer.querySelector('#areaCode')).toBeTruthy(), { timeout: 10_000 });
    expect(within(drawer).getByText('GB28181 settings')).toBeTruthy();
    expect(callsTo('/api/device/regional/query')).toHaveLength(1);
  });

  it('shows the stream mode in the device details', async () => {
    await open();
    fireEvent.click(screen.getByText('Gate cam'));
    const drawer = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
    expect(within(drawer).getByText('Stream transport')).toBeTruthy();
    expect(within(drawer).getByText('TCP passive (recommended)')).toBeTruthy();
  });

  it('reads the project of the tree’s more link from the address', () => {
    expect(projectIdParam('12')).toBe(12);
    expect(projectIdParam(null)).toBeUndefined();
    expect(projectIdParam('abc')).toBeUndefined();
    expect(projectIdParam('-1')).toBeUndefined();
  });
});
