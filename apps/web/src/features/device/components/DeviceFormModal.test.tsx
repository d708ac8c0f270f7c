// Device dialog: the stream mode it sends (TCP-PASSIVE by default), the vehicle-mounted switch, and the GB28181 settings
// panel from sipServer.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Device } from '@svc/contracts';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { SIP_SERVER, device, projectNode } from '../testing/fixtures';
import { DeviceFormModal } from './DeviceFormModal';

type Answer = { code: number; msg?: string; data?: unknown };

async function openDialog(
  editing: Device | null = null,
  sipAnswer: () => Answer = () => ({ code: 1, data: SIP_SERVER }),
) {
  const view = await renderInConsole(
    <DeviceFormModal device={editing} forest={[projectNode(3, 'Harbour')]} defaultProjectId={3} onClose={() => {}} />,
    {
      session: sessionWith(['project', 'device', 'device-add', 'device-edit']),
      handlers: {
        '/api/device/sipServer': sipAnswer,
        '/api/device/add': () => ({ code: 1 }),
        '/api/device/update': () => ({ code: 1 }),
      },
    },
  );
  const dialog = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
  return { ...view, dialog };
}

function type(dialog: HTMLElement, id: string, value: string) {
  fireEvent.change(dialog.querySelector(`#${id}`)!, { target: { value } });
}

async function chooseStreamMode(dialog: HTMLElement, label: string) {
  fireEvent.mouseDown(dialog.querySelector('#streamMode')!);
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${label}"]`);
    if (!found) throw new Error(`no option ${label}`);
    return found;
  });
  fireEvent.click(option);
}

afterEach(() => resetApiEnvironment());

describe('DeviceFormModal', () => {
  it('adds a device with TCP-PASSIVE unless another stream mode is chosen', async () => {
    const { dialog, callsTo } = await openDialog();
    expect(within(dialog).getByText('TCP passive (recommended)')).toBeTruthy();
    type(dialog, 'sn', 'ABCDE12345678');
    type(dialog, 'devName', 'Gate cam');
    type(dialog, 'password', 'Secret#1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/device/add')).toHaveLength(1));
    expect(callsTo('/api/device/add')[0]!.body).toMatchObject({ sn: 'ABCDE12345678', streamMode: 'TCP-PASSIVE' });
  });

  it('sends the chosen stream mode', async () => {
    const { dialog, callsTo } = await openDialog();
    type(dialog, 'sn', 'ABCDE12345678');
    type(dialog, 'devName', 'Gate cam');
    type(dialog, 'password', 'Secret#1');
    await chooseStreamMode(dialog, 'UDP');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/device/add')).toHaveLength(1));
    expect(callsTo('/api/device/add')[0]!.body).toMatchObject({ streamMode: 'UDP' });
  });

  it('keeps an edited device’s stream mode', async () => {
    const { dialog, callsTo } = await openDialog(device({ streamMode: 'TCP-ACTIVE', projectId: 3 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/device/update')).toHaveLength(1));
    expect(callsTo('/api/device/update')[0]!.body).toMatchObject({ id: 7, streamMode: 'TCP-ACTIVE' });
  });

  it('adds a device as not vehicle-mounted unless the switch is turned on', async () => {
    const { dialog, callsTo } = await openDialog();
    type(dialog, 'sn', 'ABCDE12345678');
    type(dialog, 'devName', 'Truck cam');
    type(dialog, 'password', 'Secret#1');
    const vehicle = within(dialog).getByRole('switch', { name: 'Vehicle-mounted device' });
    expect(vehicle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/device/add')).toHaveLength(1));
    expect(callsTo('/api/device/add')[0]!.body).toMatchObject({ vehicle: false });
  });

  it('sends vehicle: true when the switch is on', async () => {
    const { dialog, callsTo } = await openDialog();
    type(dialog, 'sn', 'ABCDE12345678');
    type(dialog, 'devName', 'Truck cam');
    type(dialog, 'password', 'Secret#1');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Vehicle-mounted device' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/device/add')).toHaveLength(1));
    expect(callsTo('/api/device/add')[0]!.body).toMatchObject({ vehicle: true });
  });

  it('shows an edited device’s vehicle flag and sends the change', async () => {
    const { dialog, callsTo } = await openDialog(device({ vehicle: true, projectId: 3 }));
    const vehicle = within(dialog).getByRole('switch', { name: 'Vehicle-mounted device' });
    expect(vehicle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(vehicle);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('/api/device/update')).toHaveLength(1));
    expect(callsTo('/api/device/update')[0]!.body).toMatchObject({ id: 7, vehicle: false });
  });

  it('shows the platform SIP settings and the device ID from the GB code field', async () => {
    const { dialog } = await openDialog();
    const panel = dialog.querySelector<HTMLElement>('.device-sip-panel')!;
    await within(panel).findByText(SIP_SERVER.id, undefined, { timeout: 10_000 });
    expect(within(panel).getByText(SIP_SERVER.domain)).toBeTruthy();
    expect(within(panel).getByText(SIP_SERVER.ip)).toBeTruthy();
    expect(within(panel).getByText('5060')).toBeTruthy();
    expect(within(panel).getByText('Assigned on save from the regional configuration')).toBeTruthy();
    expect(within(panel).getByText('The device password entered in this form')).toBeTruthy();
    // Every value has its copy button.
    expect(within(panel).getAllByRole('button', { name: /copy/i }).length).toBeGreaterThanOrEqual(4);
    // The enrolment secret is for self-enrolling devices only: never shown here.
    expect(panel.textContent).not.toContain(SIP_SERVER.enrolmentSecret!);
    type(dialog, 'gbCode', '44010200491320000007');
    expect(await within(panel).findByText('44010200491320000007')).toBeTruthy();
  });

  it('says when the SIP settings could not be loaded and retries', async () => {
    let fail = true;
    const { dialog, callsTo } = await openDialog(null, () =>
      fail ? { code: 5005, msg: 'Parameter error' } : { code: 1, data: SIP_SERVER },
    );
    const panel = dialog.querySelector<HTMLElement>('.device-sip-panel')!;
    await within(panel).findByText("The platform's SIP settings could not be loaded.");
    fail = false;
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    await within(panel).findByText(SIP_SERVER.id, undefined, { timeout: 10_000 });
    expect(callsTo('/api/device/sipServer').length).toBeGreaterThanOrEqual(2);
  });
});
