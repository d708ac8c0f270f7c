// GB28181 settings: SPEC §5 digit rules, the composed-code preview, auto-enrol (null when off), the enrolment secret
// (administrators see and regenerate it, others are told to ask), server field errors.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegionalConfig, SipServer } from '@svc/contracts';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { SIP_SERVER, projectNode } from '../testing/fixtures';
import { Gb28181SettingsDrawer } from './Gb28181SettingsDrawer';

type Answer = { code: number; msg?: string; data?: unknown };

const CONFIG: RegionalConfig = {
  server: '203.0.113.10:5060',
  areaCode: '440102',
  unitNumber: '00',
  industryCode: '49',
  typeCode: '132',
  networkId: '0',
  autoEnrolProjectId: 3,
};

const FOREST = [
  projectNode(3, 'Harbour', { privileges: [{ key: 'device-add' }] }),
  projectNode(4, 'Depot'), // no device-add here: shown but not choosable
];

async function openDrawer(
  config: RegionalConfig | null,
  update: () => Answer = () => ({ code: 1, msg: 'Saved.' }),
  o: { sip?: () => SipServer; resetSecret?: () => Answer } = {},
) {
  const view = await renderInConsole(<Gb28181SettingsDrawer open onClose={() => {}} />, {
    session: sessionWith(['project', 'device', 'GB28181']),
    handlers: {
      '/api/device/regional/query': () => ({ code: 1, data: config }),
      '/api/device/sipServer': () => ({ code: 1, data: o.sip?.() ?? SIP_SERVER }),
      '/api/project/query/mine': () => ({ code: 1, data: FOREST }),
      '/api/device/regional/update': update,
      '/api/device/regional/resetSecret': o.resetSecret ?? (() => ({ code: 4117, msg: 'No permission.' })),
    },
  });
  const drawer = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
  await waitFor(() => expect(drawer.querySelector('#areaCode')).toBeTruthy(), { timeout: 10_000 });
  return { ...view, drawer, save: () => fireEvent.click(within(drawer).getByRole('button', { name: 'Save' })) };
}

const type = (drawer: HTMLElement, id: string, value: string) =>
  fireEvent.change(drawer.querySelector(`#${id}`)!, { target: { value } });

const itemOf = (drawer: HTMLElement, id: string) =>
  drawer.querySelector(`#${id}`)!.closest<HTMLElement>('.ant-form-item')!;

function found<T>(element: T | null): T {
  if (!element) throw new Error('not rendered yet');
  return element;
}

afterEach(() => resetApiEnvironment());

describe('Gb28181SettingsDrawer', () => {
  it('checks the digits of each part and sends no project when auto-enrol stays off', async () => {
    const { drawer, callsTo, save } = await openDrawer(null);
    // Without a configuration the platform's own address is offered.
    expect(drawer.querySelector<HTMLInputElement>('#server')!.value).toBe('203.0.113.10:5060');
    type(drawer, 'areaCode', '4401');
    type(drawer, 'unitNumber', '0');
    type(drawer, 'industryCode', '49');
    type(drawer, 'typeCode', '13a');
    type(drawer, 'networkId', '0');
    save();
    expect(await within(itemOf(drawer, 'areaCode')).findByText('The area code is 6 digits.')).toBeTruthy();
    expect(within(itemOf(drawer, 'unitNumber')).getByText('The unit number is 2 digits.')).toBeTruthy();
    expect(within(itemOf(drawer, 'typeCode')).getByText('The type code is 3 digits.')).toBeTruthy();
    expect(callsTo('/api/device/regional/update')).toHaveLength(0);

    type(drawer, 'areaCode', '440102');
    type(drawer, 'unitNumber', '00');
    type(drawer, 'typeCode', '132');
    expect(await within(drawer).findByText('44010200491320000001')).toBeTruthy();
    save();
    await waitFor(() => expect(callsTo('/api/device/regional/update')).toHaveLength(1));
    expect(callsTo('/api/device/regional/update')[0]!.body).toEqual({ ...CONFIG, autoEnrolProjectId: null });
    expect(await screen.findByText('Saved.')).toBeTruthy();
  });

  it('sends null when auto-enrol is switched off, even with a project chosen before', async () => {
    const { drawer, callsTo, save } = await openDrawer(CONFIG);
    const toggle = within(drawer).getByRole('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    save();
    await waitFor(() => expect(callsTo('/api/device/regional/update')).toHaveLength(1));
    expect(callsTo('/api/device/regional/update')[0]!.body).toMatchObject({ autoEnrolProjectId: null });
  });

  it('wants a node when auto-enrol is on and shows an administrator the enrolment secret masked', async () => {
    const { drawer, callsTo, save } = await openDrawer({ ...CONFIG, autoEnrolProjectId: null });
    fireEvent.click(within(drawer).getByRole('switch'));
    const secret = await waitFor(() => found(drawer.querySelector<HTMLElement>('.regional-enrolment-secret')));
    expect(secret.textContent).not.toContain(SIP_SERVER.enrolmentSecret);
    fireEvent.click(within(secret).getByRole('button', { name: 'Show password' }));
    expect(secret.textContent).toContain(SIP_SERVER.enrolmentSecret);
    save();
    expect(await within(itemOf(drawer, 'autoEnrolProjectId')).findByText('This field is required.')).toBeTruthy();
    expect(callsTo('/api/device/regional/update')).toHaveLength(0);

    fireEvent.mouseDown(drawer.querySelector('#autoEnrolProjectId')!);
    const depot = await waitFor(() =>
      found(document.querySelector('.ant-select-tree-node-content-wrapper[title="Depot"]')),
    );
    expect(depot.closest('.ant-select-tree-treenode-disabled')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-select-tree-node-content-wrapper[title="Harbour"]')!);
    save();
    await waitFor(() => expect(callsTo('/api/device/regional/update')).toHaveLength(1));
    expect(callsTo('/api/device/regional/update')[0]!.body).toMatchObject({ autoEnrolProjectId: 3 });
  });

  it('tells staff who are not administrators to ask one for the enrolment secret', async () => {
    const { drawer } = await openDrawer(CONFIG, undefined, {
      sip: () => ({ ...SIP_SERVER, administrator: false, enrolmentSecret: null }),
    });
    expect(
      await within(drawer).findByText(
        "Only the enterprise's administrators can see the enrolment secret devices enrol with: ask an administrator for it.",
      ),
    ).toBeTruthy();
    expect(drawer.querySelector('.regional-enrolment-secret')).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it('regenerates the enrolment secret after a confirmation and shows the new one', async () => {
    let current = SIP_SERVER;
    const { drawer, callsTo } = await openDrawer(CONFIG, undefined, {
      sip: () => current,
      resetSecret: () => {
        current = { ...SIP_SERVER, enrolmentSecret: 'Fresh2026secretXYZ99' };
        return { code: 1, data: { enrolmentSecret: current.enrolmentSecret } };
      },
    });
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Regenerate' }));
    const confirm = await waitFor(() => found(document.querySelector<HTMLElement>('.ant-modal-confirm')));
    expect(confirm.textContent).toContain('Regenerate the enrolment secret?');
    expect(callsTo('/api/device/regional/resetSecret')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(callsTo('/api/device/regional/resetSecret')).toHaveLength(1));
    expect(await screen.findByText('A new enrolment secret was made.')).toBeTruthy();
    const secret = found(drawer.querySelector<HTMLElement>('.regional-enrolment-secret'));
    fireEvent.click(within(secret).getByRole('button', { name: 'Show password' }));
    await waitFor(() => expect(secret.textContent).toContain('Fresh2026secretXYZ99'));
  });

  it('puts a parameter error of the server on the field it names', async () => {
    const { drawer, save } = await openDrawer(CONFIG, () => ({
      code: 4000,
      msg: 'Parameter error: autoEnrolProjectId — The value is not valid.',
    }));
    save();
    expect(
      await within(itemOf(drawer, 'autoEnrolProjectId')).findByText(
        'Parameter error: autoEnrolProjectId — The value is not valid.',
      ),
    ).toBeTruthy();
    expect(drawer.querySelector('.ant-alert-error')).toBeNull();
  });

  it('shows any other failure above the form', async () => {
    const { drawer, save } = await openDrawer(CONFIG, () => ({ code: 4117, msg: 'No permission.' }));
    save();
    expect(await within(drawer).findByText('No permission.')).toBeTruthy();
  });
});
