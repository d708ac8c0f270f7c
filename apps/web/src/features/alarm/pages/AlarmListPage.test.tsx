// Alarm list: first query, filters (type, end before start), batch actions need a selection and send {ids,status},
// delete asks first, the handle form sends handling + note, cursor paging and the capped total.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { alarm, page } from '../testing/fixtures';
import type { AlarmPage } from '../api/types';
import AlarmListPage from './AlarmListPage';

const FIRST = alarm({ id: 11, deviceName: 'Gate cam' });
const SECOND = alarm({ id: 12, deviceName: 'Yard cam', type: 'B', status: 1, handling: 'treated' });

async function open(
  answer: (body: unknown) => AlarmPage = () => page([FIRST, SECOND], { total: 45, nextCursor: 'c2' }),
  ready = 'Gate cam',
) {
  const view = await renderInConsole(<AlarmListPage />, {
    session: sessionWith(['project', 'device']),
    handlers: {
      '/api/project/query/mine': () => ({ code: 1, data: [] }),
      '/api/device/page/queryList': () => ({
        code: 1,
        data: { list: [], total: 0, totalCapped: false, nextCursor: null },
      }),
      '/api/alarm/page/query': (body) => ({ code: 1, data: answer(body) }),
      '/api/alarm/updateStatusByIds': () => ({ code: 1, data: null }),
      '/api/alarm/deleteByIds': () => ({ code: 1, data: null }),
      '/api/alarm/update': () => ({ code: 1, data: null }),
    },
  });
  await screen.findByText(ready, undefined, { timeout: 10_000 });
  return view;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const selectRow = (text: string) => fireEvent.click(within(rowOf(text)).getByRole('checkbox'));

// Queries by text and label, not by role: role names over antd's large tree cost seconds each on a shared CPU.
const button = (text: string | RegExp, root: HTMLElement = document.body) =>
  within(root).getByText(text, { selector: 'button span' }).closest('button')!;

async function chooseOption(label: string, option: string) {
  const select = screen.getByLabelText(label);
  fireEvent.mouseDown(select);
  const item = await screen.findByTitle(option);
  fireEvent.click(item);
}

function typeDate(label: string, value: string) {
  const input = screen.getByPlaceholderText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

afterEach(() => resetApiEnvironment());

describe('AlarmListPage', () => {
  it('asks for the first page and shows localised types and handling', async () => {
    const { callsTo } = await open();
    expect(callsTo('/api/alarm/page/query')[0]!.body).toEqual({ page: 1, size: 20 });
    const second = within(rowOf('Yard cam'));
    expect(second.getByText('Video loss')).toBeTruthy();
    expect(second.getByText('Treated')).toBeTruthy();
    // The read state marks the time (getByLabelText: getByRole's accessibility checks are slow under jsdom).
    expect(second.getByLabelText('Read')).toBeTruthy();
    expect(within(rowOf('Gate cam')).getByLabelText('Unread')).toBeTruthy();
    expect(screen.getByText('Total: 45')).toBeTruthy();
  });

  it('shows every field of an alarm in the row: time, type, content, device, channel, region, handling', async () => {
    await open();
    const row = within(rowOf('Gate cam'));
    for (const text of ['2026-03-01', '08:15:00', 'Motion detection', 'Motion in zone 1', 'Front door · Harbour']) {
      expect(row.getByText(text)).toBeTruthy();
    }
    expect(row.getByText('Untreated')).toBeTruthy();
    // The row's own actions, by name (icons carry their names).
    expect(row.getByLabelText('Mark read').tagName).toBe('BUTTON');
    expect(within(rowOf('Yard cam')).getByLabelText('Mark unread').tagName).toBe('BUTTON');
    expect(row.getByLabelText('Delete').tagName).toBe('BUTTON');
  });

  it('filters by type from the first page', async () => {
    const { callsTo } = await open();
    await chooseOption('Alarm type', 'Human shape detection');
    fireEvent.click(button('Search'));
    await waitFor(() => expect(callsTo('/api/alarm/page/query')).toHaveLength(2));
    expect(callsTo('/api/alarm/page/query')[1]!.body).toEqual({ page: 1, size: 20, type: 'C' });
  });

  it('refuses an end time before the start time and asks nothing', async () => {
    const { callsTo } = await open();
    typeDate('Start time', '2026-03-02 10:00:00');
    typeDate('End time', '2026-03-01 10:00:00');
    fireEvent.click(button('Search'));
    expect((await screen.findAllByText('The end time cannot be earlier than the start time.')).length).toBeGreaterThan(
      0,
    );
    expect(callsTo('/api/alarm/page/query')).toHaveLength(1);
  });

  it('sends both times when they are in order', async () => {
    const { callsTo } = await open();
    typeDate('Start time', '2026-03-01 10:00:00');
    typeDate('End time', '2026-03-01 11:00:00');
    fireEvent.click(button('Search'));
    await waitFor(() => expect(callsTo('/api/alarm/page/query')).toHaveLength(2));
    expect(callsTo('/api/alarm/page/query')[1]!.body).toEqual({
      page: 1,
      size: 20,
      alarmTimeBegin: '2026-03-01 10:00:00',
      alarmTimeEnd: '2026-03-01 11:00:00',
    });
  });

  it('batch actions need a selection', async () => {
    const { callsTo } = await open();
    fireEvent.click(button('Mark selected read'));
    expect(await screen.findByText('Select at least one item.')).toBeTruthy();
    fireEvent.click(button('Delete selected'));
    expect(document.querySelector('.ant-modal')).toBeNull();
    expect(callsTo('/api/alarm/updateStatusByIds')).toHaveLength(0);
    expect(callsTo('/api/alarm/deleteByIds')).toHaveLength(0);
  });

  it('marks the selected alarms read and unread with {ids, status}', async () => {
    const { callsTo } = await open();
    selectRow('Gate cam');
    selectRow('Yard cam');
    fireEvent.click(button('Mark selected read'));
    await waitFor(() => expect(callsTo('/api/alarm/updateStatusByIds')).toHaveLength(1));
    expect(callsTo('/api/alarm/updateStatusByIds')[0]!.body).toEqual({ ids: [11, 12], status: 1 });
    fireEvent.click(button('Mark selected unread'));
    await waitFor(() => expect(callsTo('/api/alarm/updateStatusByIds')).toHaveLength(2));
    expect(callsTo('/api/alarm/updateStatusByIds')[1]!.body).toEqual({ ids: [11, 12], status: 0 });
  });

  it('deletes the selection only after confirmation', async () => {
    const { callsTo } = await open();
    selectRow('Yard cam');
    fireEvent.click(button('Delete selected'));
    const title = (await screen.findAllByText('Delete 1 alarm messages?'))[0]!;
    const dialog = title.closest<HTMLElement>('.ant-modal')!;
    expect(callsTo('/api/alarm/deleteByIds')).toHaveLength(0);
    fireEvent.click(button('Delete', dialog));
    await waitFor(() => expect(callsTo('/api/alarm/deleteByIds')).toHaveLength(1));
    expect(callsTo('/api/alarm/deleteByIds')[0]!.body).toEqual([12]);
  });

  it('the handle form sends the handling state and the note', async () => {
    const { callsTo } = await open();
    fireEvent.click(button('Handle', rowOf('Gate cam')));
    const title = await screen.findByText('Handle Motion detection on Gate cam', undefined, { timeout: 10_000 });
    const dialog = title.closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(dialog).getByText('Treating'));
    fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '  Guard sent  ' } });
    fireEvent.click(button('Save', dialog));
    await waitFor(() => expect(callsTo('/api/alarm/update')).toHaveLength(1));
    expect(callsTo('/api/alarm/update')[0]!.body).toEqual({ id: 11, handling: 'treating', note: 'Guard sent' });
  });

  it('passes nextCursor for the next page and plain numbers otherwise', async () => {
    const { callsTo } = await open((body) => {
      const p = (body as { page: number }).page;
      return page([alarm({ id: 100 + p, deviceName: `Cam ${p}` })], { total: 45, nextCursor: `c${p + 1}` });
    }, 'Cam 1');
    const asked = () => callsTo('/api/alarm/page/query').map((c) => c.body);
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(asked()).toHaveLength(2));
    // Past the first page the list holds at the newest alarm it had shown (Cam 1's), so new ones move no row.
    expect(asked()[1]).toEqual({ page: 2, size: 20, cursor: 'c2', untilId: 101 });
    await screen.findByText('Cam 2');
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(asked()).toHaveLength(3));
    expect(asked()[2]).toEqual({ page: 3, size: 20, cursor: 'c3', untilId: 101 });
    await screen.findByText('Cam 3');
    // Back a page: by number (page 1 itself comes from the cache).
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(asked()).toHaveLength(4));
    expect(asked()[3]).toEqual({ page: 2, size: 20, untilId: 101 });
  });

  it('shows a capped total as 10,000+', async () => {
    await open(() => page([FIRST], { total: 10_000, totalCapped: true, nextCursor: 'c2' }));
    expect(screen.getByText('Total: 10,000+')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    await renderInConsole(<AlarmListPage />, {
      session: sessionWith(['project', 'device']),
      handlers: {
        '/api/project/query/mine': () => ({ code: 1, data: [] }),
        '/api/device/page/queryList': () => ({ code: 1, data: page([]) }),
        '/api/alarm/page/query': () => ({ code: 1, data: page([]) }),
      },
    });
    expect(await screen.findByText('No alarm messages', undefined, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the error state with a retry', async () => {
    await renderInConsole(<AlarmListPage />, {
      session: sessionWith(['project', 'device']),
      handlers: {
        '/api/project/query/mine': () => ({ code: 1, data: [] }),
        '/api/device/page/queryList': () => ({ code: 1, data: page([]) }),
        '/api/alarm/page/query': () => ({ code: 5000, msg: 'boom' }),
      },
    });
    expect(await screen.findByText('The data could not be loaded.', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(button('Try again')).toBeTruthy();
  });
});
