// Tag editing in the device details: add (typed, trimmed, or a suggestion from the tag list) and remove with the
// bodies the server expects, a failed removal bringing the tag back, the lists refreshed, read-only without device-edit.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApi, resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { device } from '../testing/fixtures';
import { DeviceDetailDrawer } from './DeviceDetailDrawer';

type Answer = { code: number; msg?: string; data?: unknown };
const ok = (): Answer => ({ code: 1 });

const TAGS = [
  { id: 1, tagName: 'Entrance', deviceCount: 3 },
  { id: 2, tagName: 'Car park', deviceCount: 5 },
];

async function openDrawer({
  keys = ['project', 'device', 'device-edit'],
  add = ok,
  remove = ok,
}: { keys?: string[]; add?: () => Answer; remove?: () => Answer } = {}) {
  const view = await renderInConsole(
    <DeviceDetailDrawer device={device({ tags: ['Entrance', 'Night'] })} onClose={() => {}} />,
    {
      session: sessionWith(keys),
      handlers: {
        '/api/device/channel/list': () => ({ code: 1, data: [] }),
        '/api/device/tag/list': () => ({ code: 1, data: TAGS }),
        '/api/device/tag/add': add,
        '/api/device/tag/remove': remove,
      },
    },
  );
  const showError = vi.fn();
  configureApi({ showError });
  const drawer = await screen.findByRole('dialog', undefined, { timeout: 10_000 });
  await within(drawer).findByText('Entrance', undefined, { timeout: 10_000 });
  return { ...view, drawer, showError };
}

async function startAdding(drawer: HTMLElement) {
  fireEvent.click(within(drawer).getByRole('button', { name: /Add tag/ }));
  return within(drawer).findByRole('combobox', { name: 'Choose or type a tag' });
}

function enter(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
}

const tagsShown = (drawer: HTMLElement) =>
  [...drawer.querySelectorAll('.device-tags .ant-tag')].map((tag) => tag.textContent);

afterEach(() => resetApiEnvironment());

describe('DeviceTagsEditor', () => {
  it('adds a typed tag, trimmed, on Enter and refreshes the device and tag lists', async () => {
    const { drawer, callsTo, queryClient } = await openDrawer();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const input = await startAdding(drawer);
    enter(input, '  Lobby  ');
    await waitFor(() => expect(callsTo('/api/device/tag/add')).toHaveLength(1));
    expect(callsTo('/api/device/tag/add')[0]!.body).toEqual({ tagName: 'Lobby', deviceIds: [7] });
    await waitFor(() => expect(tagsShown(drawer)).toEqual(['Entrance', 'Night', 'Lobby']));
    expect(within(drawer).getByRole('button', { name: /Add tag/ })).toBeTruthy();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['device', 'list'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['device', 'tags'] });
  });

  it('suggests the enterprise’s other tags and adds the one chosen', async () => {
    const { drawer, callsTo } = await openDrawer();
    const input = await startAdding(drawer);
    fireEvent.change(input, { target: { value: 'car' } });
    const option = await screen.findByTitle('Car park');
    // A tag the device already carries is not suggested again.
    expect(screen.queryByTitle('Entrance')).toBeNull();
    fireEvent.click(option);
    await waitFor(() => expect(callsTo('/api/device/tag/add')).toHaveLength(1));
    expect(callsTo('/api/device/tag/add')[0]!.body).toEqual({ tagName: 'Car park', deviceIds: [7] });
    await waitFor(() => expect(tagsShown(drawer)).toContain('Car park'));
  });

  it('sends nothing for a blank tag or one the device already carries', async () => {
    const { drawer, callsTo } = await openDrawer();
    enter(await startAdding(drawer), '   ');
    enter(await within(drawer).findByRole('combobox'), 'Night');
    await waitFor(() => expect(within(drawer).getByRole('button', { name: /Add tag/ })).toBeTruthy());
    expect(callsTo('/api/device/tag/add')).toHaveLength(0);
    expect(tagsShown(drawer)).toEqual(['Entrance', 'Night']);
  });

  it('keeps the typed tag when adding fails', async () => {
    const { drawer, showError } = await openDrawer({ add: () => ({ code: 4117, msg: 'No permission.' }) });
    const input = await startAdding(drawer);
    enter(input, 'Lobby');
    await waitFor(() => expect(showError).toHaveBeenCalledWith('No permission.'));
    expect(within(drawer).getByRole<HTMLInputElement>('combobox').value).toBe('Lobby');
    expect(tagsShown(drawer)).toEqual(['Entrance', 'Night']);
  });

  it('removes a tag with its close button', async () => {
    const { drawer, callsTo } = await openDrawer();
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove tag Night' }));
    await waitFor(() => expect(callsTo('/api/device/tag/remove')).toHaveLength(1));
    expect(callsTo('/api/device/tag/remove')[0]!.body).toEqual({ tagName: 'Night', deviceIds: [7] });
    expect(tagsShown(drawer)).toEqual(['Entrance']);
  });

  it('brings a tag back in its place when the removal fails', async () => {
    const { drawer, showError, callsTo } = await openDrawer({
      remove: () => ({ code: 4117, msg: 'No permission.' }),
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Remove tag Entrance' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('No permission.'));
    expect(callsTo('/api/device/tag/remove')).toHaveLength(1);
    await waitFor(() => expect(tagsShown(drawer)).toEqual(['Entrance', 'Night']));
  });

  it('is read-only without device-edit', async () => {
    const { drawer, callsTo } = await openDrawer({ keys: ['project', 'device'] });
    expect(tagsShown(drawer)).toEqual(['Entrance', 'Night']);
    expect(within(drawer).queryByRole('button', { name: /Add tag/ })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: /Remove tag/ })).toBeNull();
    expect(drawer.querySelector('.ant-tag-close-icon')).toBeNull();
    expect(callsTo('/api/device/tag/list')).toHaveLength(0);
  });
});
