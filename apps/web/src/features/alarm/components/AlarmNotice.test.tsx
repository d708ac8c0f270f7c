// Header notice: the unread count and its link, the poll's notification and speech on project pages, the mute switch.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@svc/contracts';
import { configureApi, resetApiEnvironment } from '@/lib/api/environment';
import { InConsole, sessionWith } from '@/test/console';
import { fakeServer, renderAt } from '@/test/render';
import type { LatestAlarms, VoiceAlarms } from '../api/types';
import type { Speaker } from '../hooks/speech';
import { ALARM_MUTE_STORAGE } from '../hooks/use-alarm-mute';
import { alarm, manualClock } from '../testing/fixtures';
import { ALARM_LIST_PATH, AlarmNotice } from './AlarmNotice';

const START = new Date(2026, 2, 1, 8, 16, 0).getTime();

async function mount({ path = '/project/index', keys = ['project', 'device'], answers = [] as Alarm[][] } = {}) {
  const fake = fakeServer({
    '/api/alarm/countAll': () => ({
      code: 1,
      data: { total: 9, unread: 3, byType: {}, byHandling: {} },
    }),
  });
  configureApi({ fetch: fake.fetch });
  const time = manualClock(START);
  const speaker: Speaker = { speak: vi.fn(), cancel: vi.fn() };
  const fetchLatest = vi.fn((_: LatestAlarms): Promise<VoiceAlarms> =>
    Promise.resolve({ alarmViewVOS: answers.shift() ?? [], voiceNoticeStatus: true, voiceUrl: null }),
  );
  const notice = (
    <InConsole session={sessionWith(keys)}>
      <AlarmNotice clock={time.clock} speaker={speaker} fetchLatest={fetchLatest} />
    </InConsole>
  );
  const view = await renderAt(path, [
    { path, element: notice },
    { path: ALARM_LIST_PATH, element: <p>alarm list page</p> },
  ]);
  const minute = async () => {
    await act(async () => {
      time.advance(60_000);
      await Promise.resolve();
    });
  };
  const countCalls = () => fake.calls.filter((c) => c.path === '/api/alarm/countAll');
  return { ...view, speaker, fetchLatest, minute, countCalls };
}

const bell = () => screen.findByLabelText('Alarm messages, 3 unread', undefined, { timeout: 10_000 });
const muteSwitch = () => screen.getByLabelText('Mute voice alarms');

beforeEach(() => localStorage.clear());
afterEach(() => resetApiEnvironment());

describe('AlarmNotice', () => {
  it('shows the unread count of all alarms and opens the alarm list', async () => {
    const { router, countCalls } = await mount();
    const button = await bell();
    expect(button.textContent).toContain('3');
    expect(countCalls()[0]!.body).toEqual({});
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe(ALARM_LIST_PATH));
  });

  it('is absent for users without the device privilege', async () => {
    const { fetchLatest, minute } = await mount({ keys: ['project'] });
    await minute();
    expect(screen.queryByLabelText(/Alarm messages/)).toBeNull();
    expect(fetchLatest).not.toHaveBeenCalled();
  });

  it('announces new alarms once, with a notification and speech, and refreshes the count', async () => {
    const first = alarm({ id: 5 });
    const { fetchLatest, minute, speaker, countCalls } = await mount({ answers: [[first], [first]] });
    await bell();
    await minute();
    expect(fetchLatest.mock.calls[0]![0]).toEqual({
      alarmTimeBegin: '2026-03-01 08:16:00',
      alarmTimeEnd: '2026-03-01 08:17:00',
    });
    expect(await screen.findByText('Gate cam / Front door · 2026-03-01 08:15:00')).toBeTruthy();
    expect(speaker.speak).toHaveBeenCalledWith('Alarm: Motion detection on Gate cam', 'en-US');
    await waitFor(() => expect(countCalls().length).toBeGreaterThan(1));
    await minute();
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(speaker.speak).toHaveBeenCalledTimes(1);
  });

  it('the mute switch stops speech, is remembered, and can be turned off again', async () => {
    const { minute, speaker } = await mount({ answers: [[alarm({ id: 6 })], [alarm({ id: 7, type: 'F' })]] });
    await bell();
    fireEvent.click(muteSwitch());
    expect(muteSwitch().getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(ALARM_MUTE_STORAGE)).toBe('1');
    expect(speaker.cancel).toHaveBeenCalled();
    await minute();
    expect(await screen.findByText('Motion detection')).toBeTruthy();
    expect(speaker.speak).not.toHaveBeenCalled();
    fireEvent.click(muteSwitch());
    expect(localStorage.getItem(ALARM_MUTE_STORAGE)).toBeNull();
    await minute();
    expect(speaker.speak).toHaveBeenCalledWith('Alarm: Storage error on Gate cam', 'en-US');
  });

  it('starts muted when this browser remembered it', async () => {
    localStorage.setItem(ALARM_MUTE_STORAGE, '1');
    const { minute, speaker } = await mount({ answers: [[alarm({ id: 8 })]] });
    await bell();
    expect(muteSwitch().getAttribute('aria-pressed')).toBe('true');
    await minute();
    expect(speaker.speak).not.toHaveBeenCalled();
  });

  it('does not poll outside project pages', async () => {
    const { fetchLatest, minute } = await mount({ path: '/user/role-employee' });
    await bell();
    await minute();
    expect(fetchLatest).not.toHaveBeenCalled();
  });
});
