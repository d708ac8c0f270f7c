// Alarm notices in the recipient's language: SPEC type names, the platform's offline alarm, a device's unknown event.
import { ALARM_TYPES, ALARM_TYPE_EVENTS, LANGUAGES, translate } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { contentText, noticeLanguage, noticeText } from './notice-text.js';

const at = new Date('2026-03-01T00:15:00Z');
const quay = { name: 'Quay camera', sn: 'ALARMCAM00301' };

describe('alarm notice text', () => {
  it('names every SPEC alarm type in each language, never by its event name', () => {
    for (const lang of LANGUAGES) {
      const names = new Set<string>();
      for (const type of ALARM_TYPES) {
        const name = contentText(lang, { source: 'device', content: ALARM_TYPE_EVENTS[type] });
        expect(name).toBe(translate(lang, `alarm.type.${type}`));
        expect(name).not.toBe(ALARM_TYPE_EVENTS[type]);
        names.add(name);
      }
      expect(names.size).toBe(ALARM_TYPES.length);
    }
    expect(contentText('zh-CN', { source: 'device', content: 'videomotion' })).toBe('移动侦测');
  });

  it('keeps the raw name of an event no SPEC type stands for, and the text of a manual alarm', () => {
    expect(contentText('zh-CN', { source: 'device', content: 'TamperDetect' })).toBe('TamperDetect');
    expect(contentText('en-US', { source: 'manual', content: 'VideoMotion' })).toBe('VideoMotion');
  });

  it('translates the platform’s offline alarm with its reason', () => {
    expect(contentText('zh-CN', { source: 'offline', content: 'offline (keepalive)' })).toBe('设备离线（心跳超时）');
    expect(contentText('zh-TW', { source: 'offline', content: 'offline (connection)' })).toBe('裝置離線（連線斷開）');
    expect(contentText('en-US', { source: 'offline', content: 'offline (expired)' })).toBe(
      'Device offline (registration expired)',
    );
    expect(contentText('en-US', { source: 'offline', content: 'gone' })).toBe('Device offline');
  });

  it('writes subject and body in the recipient’s language, with the time on their clock', () => {
    const zh = noticeText(
      'zh-CN',
      'Asia/Shanghai',
      { type: 'A', source: 'device', content: 'VideoMotion', alarmTime: at },
      quay,
      2,
    );
    expect(zh.subject).toBe('移动侦测：Quay camera');
    expect(zh.body.split('\n')).toEqual([
      '移动侦测：Quay camera',
      '设备：Quay camera（ALARMCAM00301）',
      '时间：2026-03-01 08:15:00（Asia/Shanghai）',
      '过去一分钟内，该设备同类告警另有 2 条未单独通知。',
    ]);
    const en = noticeText(
      'en-US',
      null,
      { type: 'B', source: 'offline', content: 'offline (keepalive)', alarmTime: at },
      quay,
      0,
    );
    expect(en.subject).toBe('Device offline (missed keepalives): Quay camera');
    expect(en.body).toContain('Time: 2026-03-01 00:15:00 (UTC)');
    expect(en.body).not.toContain('offline (keepalive)');
    const tw = noticeText(
      'zh-TW',
      'Asia/Taipei',
      { type: 'C', source: 'device', content: 'LineCross', alarmTime: at },
      quay,
      0,
    );
    expect(tw.subject).toBe('人形偵測：Quay camera');
    expect(tw.body.split('\n').at(-1)).toBe('LineCross');
  });

  it('falls back to the default language for a user who never opened the console', () => {
    expect(noticeLanguage(null)).toBe('en-US');
    expect(noticeLanguage('fr-FR')).toBe('en-US');
    expect(noticeLanguage('zh-TW')).toBe('zh-TW');
  });
});
