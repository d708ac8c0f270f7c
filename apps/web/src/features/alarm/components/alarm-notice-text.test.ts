// What a poll's new alarms say: one alarm by type and device, several by count with the first three listed.
import { describe, expect, it } from 'vitest';
import { alarm } from '../testing/fixtures';
import { alarmNoticeText } from './alarm-notice-text';

const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ''}`;

describe('alarmNoticeText', () => {
  it('names the type, device, channel and time of a single alarm', () => {
    expect(alarmNoticeText([alarm({ type: 'G', channelTitle: null })], t)).toEqual({
      title: 'project:alarm.type.G',
      lines: ['Gate cam · 2026-03-01 08:15:00'],
      speech: 'project:alarm.speech.one{"type":"project:alarm.type.G","device":"Gate cam"}',
    });
  });

  it('counts several alarms and lists at most three', () => {
    const text = alarmNoticeText(
      [1, 2, 3, 4, 5].map((id) => alarm({ id })),
      t,
    );
    expect(text.title).toBe('project:alarm.notice.many{"count":5}');
    expect(text.lines).toHaveLength(4);
    expect(text.lines[3]).toBe('project:alarm.notice.more{"count":2}');
    expect(text.speech).toBe('project:alarm.speech.many{"count":5}');
  });
});
