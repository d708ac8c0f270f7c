// SPEC §4 polling: the last 60 s every 60 s in the browser's zone, each alarm id announced once, nothing while paused.
import { act, renderHook } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import type { Alarm } from '@svc/contracts';
import type { LatestAlarms, VoiceAlarms } from '../api/types';
import { alarm, manualClock } from '../testing/fixtures';
import { pollWindow } from './poll-window';
import { useAlarmPoll } from './use-alarm-poll';

const START = new Date(2026, 2, 1, 8, 0, 30).getTime();
const answer = (list: Alarm[]): VoiceAlarms => ({ alarmViewVOS: list, voiceNoticeStatus: true, voiceUrl: null });

function setup(answers: Alarm[][], enabled = true) {
  const time = manualClock(START);
  const fetchLatest = vi.fn((_: LatestAlarms) => Promise.resolve(answer(answers.shift() ?? [])));
  const onNew = vi.fn();
  const onPolled = vi.fn();
  const hook = renderHook(
    (props: { enabled: boolean }) =>
      useAlarmPoll({ enabled: props.enabled, clock: time.clock, fetchLatest, onNew, onPolled }),
    { initialProps: { enabled } },
  );
  const minute = async () => {
    await act(async () => {
      time.advance(60_000);
      await Promise.resolve();
    });
  };
  return { time, fetchLatest, onNew, onPolled, hook, minute };
}

describe('pollWindow', () => {
  it('is the last 60 s up to now, as local YYYY-MM-DD HH:mm:ss', () => {
    expect(pollWindow(START)).toEqual({ alarmTimeBegin: '2026-03-01 07:59:30', alarmTimeEnd: '2026-03-01 08:00:30' });
  });
});

describe('useAlarmPoll', () => {
  it('asks every 60 s for the minute just gone', async () => {
    const { fetchLatest, minute, onPolled } = setup([]);
    expect(fetchLatest).not.toHaveBeenCalled();
    await minute();
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    expect(fetchLatest.mock.calls[0]![0]).toEqual({
      alarmTimeBegin: '2026-03-01 08:00:30',
      alarmTimeEnd: '2026-03-01 08:01:30',
    });
    await minute();
    expect(fetchLatest).toHaveBeenCalledTimes(2);
    expect(fetchLatest.mock.calls[1]![0]).toEqual({
      alarmTimeBegin: dayjs(START + 60_000).format('YYYY-MM-DD HH:mm:ss'),
      alarmTimeEnd: '2026-03-01 08:02:30',
    });
    expect(onPolled).toHaveBeenCalledTimes(2);
  });

  it('announces only ids it has not announced before', async () => {
    const { minute, onNew } = setup([
      [alarm({ id: 1 }), alarm({ id: 2 })],
      [alarm({ id: 2 }), alarm({ id: 3 })],
      [alarm({ id: 3 })],
    ]);
    await minute();
    expect(onNew.mock.calls[0]![0].map((a: Alarm) => a.id)).toEqual([1, 2]);
    await minute();
    expect(onNew).toHaveBeenCalledTimes(2);
    expect(onNew.mock.calls[1]![0].map((a: Alarm) => a.id)).toEqual([3]);
    await minute();
    expect(onNew).toHaveBeenCalledTimes(2);
  });

  it('asks nothing while disabled and stops when disabled', async () => {
    const { fetchLatest, minute, hook, time } = setup([], false);
    await minute();
    expect(fetchLatest).not.toHaveBeenCalled();
    hook.rerender({ enabled: true });
    await minute();
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    hook.rerender({ enabled: false });
    expect(time.timers).toHaveLength(0);
    await minute();
    expect(fetchLatest).toHaveBeenCalledTimes(1);
  });

  it('keeps polling after a failed poll', async () => {
    const { fetchLatest, minute, onPolled, onNew } = setup([]);
    fetchLatest.mockRejectedValueOnce(new Error('down'));
    await minute();
    expect(onPolled).toHaveBeenCalledTimes(1);
    expect(onNew).not.toHaveBeenCalled();
    await minute();
    expect(fetchLatest).toHaveBeenCalledTimes(2);
  });
});
