// Channel editing from the device details: the body sent, the channel list refetched, the client rules (name, place),
// the server's refusal shown in the dialog, and no edit action without device-edit.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import type { ChannelDetail } from '../api/device-channels-query';
import { device } from '../testing/fixtures';
import { DeviceDetailDrawer } from './DeviceDetailDrawer';

type Answer = { code: number; msg?: string; data?: unknown };

const CHANNEL: ChannelDetail = {
  id: 31,
  index: 1,
  channelTitle: 'Front gate',
  main: 0,
  extra: 0,
  state: 'online',
  playable: true,
  kind: 'normal',
  cameraType: 'ordinary',
  longitude: null,
  latitude: null,
  enable: true,
  gbCode: null,
};

async function openDrawer({
  keys = ['project', 'device', 'device-edit'],
  update = () => ({ code: 1 }),
}: { keys?: string[]; update?: () => Answer } = {}) {
  let channels = [CHANNEL];
  const view = await renderInConsole(<DeviceDetailDrawer device={device()} onClose={() => {}} />, {
    session: sessionWith(keys),
    handlers: {
      '/api/device/channel/list': () => ({ code: 1, data: channels }),
      '/api/device/channel/update': (body) => {
        const answer = update();
        if (answer.code === 1) channels = [{ ...CHANNEL, ...(body as Partial<ChannelDetail>) }];
        return answer;
      },
    },
  });
  const drawer = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
  await within(drawer).findByText('Front gate', undefined, { timeout: 10_000 });
  return { ...view, drawer };
}

async function openEditor(drawer: HTMLElement) {
  fireEvent.click(within(drawer).getByRole('button', { name: 'Edit' }));
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((d) => within(d).queryByText('Edit channel Front gate'));
    if (!dialog) throw new Error('no channel dialog');
    return dialog;
  });
}

function type(dialog: HTMLElement, id: string, value: string) {
  fireEvent.change(dialog.querySelector(`#${id}`)!, { target: { value } });
}

const save = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

afterEach(() => resetApiEnvironment());

describe('ChannelEditModal', () => {
  it('shows the camera type and whether the channel is enabled', async () => {
    const { drawer } = await openDrawer();
    const row = within(drawer).getByText('Front gate').closest('tr')!;
    expect(within(row).getByText('Standard')).toBeTruthy();
    expect(within(row).getAllByText('Yes')).toHaveLength(2);
  });

  it('sends the edited channel and refetches the channels', async () => {
    const { drawer, callsTo } = await openDrawer();
    const dialog = await openEditor(drawer);
    type(dialog, 'channelTitle', '  North gate  ');
    fireEvent.click(dialog.querySelector('#enable')!);
    fireEvent.mouseDown(dialog.querySelector('#cameraType')!);
    fireEvent.click(await screen.findByTitle('Speed dome'));
    type(dialog, 'longitude', '113.2644');
    type(dialog, 'latitude', '23.1291');
    save(dialog);
    await waitFor(() => expect(callsTo('/api/device/channel/update')).toHaveLength(1));
    expect(callsTo('/api/device/channel/update')[0]!.body).toEqual({
      id: 31,
      channelTitle: 'North gate',
      enable: false,
      cameraType: 'speedDome',
      longitude: 113.2644,
      latitude: 23.1291,
    });
    expect(await screen.findByText('The channel has been saved.')).toBeTruthy();
    await within(drawer).findByText('North gate');
    expect(callsTo('/api/device/channel/list')).toHaveLength(2);
    expect(within(drawer).getByText('Speed dome')).toBeTruthy();
  });

  it('clears a place by emptying both coordinates', async () => {
    const { drawer, callsTo } = await openDrawer();
    const dialog = await openEditor(drawer);
    save(dialog);
    await waitFor(() => expect(callsTo('/api/device/channel/update')).toHaveLength(1));
    expect(callsTo('/api/device/channel/update')[0]!.body).toMatchObject({ longitude: null, latitude: null });
  });

  it('needs a name', async () => {
    const { drawer, callsTo } = await openDrawer();
    const dialog = await openEditor(drawer);
    type(dialog, 'channelTitle', '   ');
    save(dialog);
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(callsTo('/api/device/channel/update')).toHaveLength(0);
  });

  it('needs both coordinates or neither', async () => {
    const { drawer, callsTo } = await openDrawer();
    const dialog = await openEditor(drawer);
    type(dialog, 'longitude', '113.2644');
    save(dialog);
    expect(await within(dialog).findByText('Enter the latitude as well, or clear the longitude.')).toBeTruthy();
    expect(within(dialog).queryByText('Enter the longitude as well, or clear the latitude.')).toBeNull();
    expect(callsTo('/api/device/channel/update')).toHaveLength(0);
  });

  it('keeps coordinates within the globe', async () => {
    const { drawer, callsTo } = await openDrawer();
    const dialog = await openEditor(drawer);
    type(dialog, 'longitude', '181');
    type(dialog, 'latitude', '-90.5');
    save(dialog);
    expect(await within(dialog).findByText('The longitude is a number from -180 to 180.')).toBeTruthy();
    expect(within(dialog).getByText('The latitude is a number from -90 to 90.')).toBeTruthy();
    expect(callsTo('/api/device/channel/update')).toHaveLength(0);
  });

  it('shows the server’s refusal in the dialog and keeps it open', async () => {
    const { drawer } = await openDrawer({ update: () => ({ code: 4117, msg: 'No permission to edit this device.' }) });
    const dialog = await openEditor(drawer);
    save(dialog);
    expect(await within(dialog).findByText('No permission to edit this device.')).toBeTruthy();
    expect(within(dialog).getByText('Edit channel Front gate')).toBeTruthy();
  });

  it('offers no edit action without device-edit', async () => {
    const { drawer } = await openDrawer({ keys: ['project', 'device'] });
    expect(within(drawer).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(drawer).queryByText('Actions')).toBeNull();
  });
});
