// New alarms and the rows under the user: at the top of the first page they come in at once; scrolled, on a later
// page or with the pointer on the rows, every row keeps its place and an "N new alarms" notice brings them in.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Alarm } from '@svc/contracts';
import { resetApiEnvironment } from '@/lib/api/environment';
import { renderInConsole, sessionWith } from '@/test/console';
import { alarm, page } from '../testing/fixtures';
import { AlarmMessages } from './AlarmMessages';

type Query = { page: number; size: number; untilId?: number; cursor?: string };

/** A server holding alarms newest first by id, as the real one pages them, honouring untilId and sinceId. */
function alarmServer(initial: Alarm[]) {
  const store = [...initial];
  return {
    store,
    arrive(a: Alarm) {
      store.push(a);
    },
    handlers: {
      '/api/project/query/mine': () => ({ code: 1, data: [] }),
      '/api/device/page/queryList': () => ({ code: 1, data: page([]) }),
      '/api/alarm/page/query': (body: unknown) => {
        const q = body as Query;
        const rows = store.filter((a) => q.untilId === undefined || a.id <= q.untilId).sort((a, b) => b.id - a.id);
        const list = rows.slice((q.page - 1) * q.size, q.page * q.size);
        return { code: 1, data: page(list, { total: rows.length }) };
      },
      '/api/alarm/countAll': (body: unknown) => {
        const since = (body as { sinceId?: number }).sinceId ?? 0;
        const n = store.filter((a) => a.id > since).length;
        return { code: 1, data: { total: n, unread: n, byType: {}, byHandling: {} } };
      },
    },
  };
}

const cams = (ids: number[]) => ids.map((id) => alarm({ id, deviceName: `Cam ${id}` }));
const shownDevices = () =>
  Array.from(document.querySelectorAll('.ant-table-row')).map((row) => /Cam \d+/.exec(row.textContent ?? '')?.[0]);

async function open(initial: Alarm[]) {
  const server = alarmServer(initial);
  const view = await renderInConsole(
    // The console's page area scrolls; the list finds it as the nearest scrolling ancestor.
    <div data-testid="page-area" style={{ overflowY: 'auto', height: 400 }}>
      <AlarmMessages />
    </div>,
    { session: sessionWith(['project', 'device', 'preview']), handlers: server.handlers },
  );
  await screen.findByText(`Cam ${Math.max(...initial.map((a) => a.id))}`, undefined, { timeout: 10_000 });
  const lists = () => view.callsTo('/api/alarm/page/query').map((c) => c.body as Query);
  /** What the header's poll does when it finds new alarms (AlarmNotice): lists and counts are asked again. */
  const poll = async (a: Alarm) => {
    server.arrive(a);
    await act(() => view.queryClient.invalidateQueries({ queryKey: ['alarm'] }));
  };
  /** Until the list holds at `id` and has counted what waits above it (an alarm arriving sooner is counted next poll). */
  const held = (id: number) =>
    waitFor(() => expect(view.queryClient.getQueryState(['alarm', 'counts', { sinceId: id }])?.status).toBe('success'));
  return { ...view, server, lists, poll, held };
}

function scrollPageTo(top: number) {
  const area = screen.getByTestId('page-area');
  area.scrollTop = top;
  fireEvent.scroll(area);
}

afterEach(() => resetApiEnvironment());

describe('AlarmMessages with new alarms', () => {
  it('at the top of the first page takes new alarms in at once, with no notice', async () => {
    const { poll } = await open(cams([11, 12]));
    expect(shownDevices()).toEqual(['Cam 12', 'Cam 11']);
    await poll(alarm({ id: 13, deviceName: 'Cam 13' }));
    await waitFor(() => expect(shownDevices()).toEqual(['Cam 13', 'Cam 12', 'Cam 11']));
    expect(screen.queryByText(/new alarm/)).toBeNull();
  });

  it('scrolled, keeps every row in place and offers the new alarms, which a click brings in at the top', async () => {
    const { poll, lists, held } = await open(cams([11, 12]));
    scrollPageTo(300);
    await held(12);
    await poll(alarm({ id: 13, deviceName: 'Cam 13' }));
    // The list is asked again held at the newest alarm it showed: the same rows come back.
    await waitFor(() => expect(lists().at(-1)).toEqual({ page: 1, size: 20, untilId: 12 }));
    expect(await screen.findByText('1 new alarm – show it')).toBeTruthy();
    expect(shownDevices()).toEqual(['Cam 12', 'Cam 11']);
    await poll(alarm({ id: 14, deviceName: 'Cam 14' }));
    expect(await screen.findByText('2 new alarms – show them')).toBeTruthy();
    expect(shownDevices()).toEqual(['Cam 12', 'Cam 11']);

    fireEvent.click(screen.getByText('2 new alarms – show them'));
    await waitFor(() => expect(shownDevices()).toEqual(['Cam 14', 'Cam 13', 'Cam 12', 'Cam 11']));
    expect(screen.getByTestId('page-area').scrollTop).toBe(0);
    expect(screen.queryByText(/new alarm/)).toBeNull();
  });

  it('with the pointer on the rows holds them still, and takes the new alarms in once it leaves', async () => {
    const { poll, held } = await open(cams([11, 12]));
    const rows = document.querySelector('.ant-table-wrapper')!.parentElement!;
    fireEvent.mouseEnter(rows);
    await held(12);
    await poll(alarm({ id: 13, deviceName: 'Cam 13' }));
    expect(await screen.findByText('1 new alarm – show it')).toBeTruthy();
    expect(shownDevices()).toEqual(['Cam 12', 'Cam 11']);
    fireEvent.mouseLeave(rows);
    await waitFor(() => expect(shownDevices()).toEqual(['Cam 13', 'Cam 12', 'Cam 11']));
    expect(screen.queryByText(/new alarm/)).toBeNull();
  });

  it('on a later page keeps its rows when new alarms push the list down, and the notice goes to the first page', async () => {
    const { poll, lists, held } = await open(cams(Array.from({ length: 25 }, (_, i) => i + 1)));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(shownDevices()[0]).toBe('Cam 5'));
    await held(25);
    expect(lists().at(-1)).toMatchObject({ page: 2, untilId: 25 });
    await poll(alarm({ id: 26, deviceName: 'Cam 26' }));
    expect(await screen.findByText('1 new alarm – show it')).toBeTruthy();
    // Live, page 2 would now start at Cam 6; held, it still starts at Cam 5.
    expect(shownDevices()).toEqual(['Cam 5', 'Cam 4', 'Cam 3', 'Cam 2', 'Cam 1']);
    fireEvent.click(screen.getByText('1 new alarm – show it'));
    await waitFor(() => expect(shownDevices()[0]).toBe('Cam 26'));
    expect(lists().at(-1)).toEqual({ page: 1, size: 20 });
  });
});
