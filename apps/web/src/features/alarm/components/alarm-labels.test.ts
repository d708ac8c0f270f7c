// An alarm's content as the list shows it: SPEC names for a device's SPEC events and for the platform's offline alarm
// in each language, a device's other event names as sent, and nothing said twice beside the type's tag.
import { describe, expect, it } from 'vitest';
import { ALARM_TYPES, ALARM_TYPE_EVENTS } from '@svc/contracts';
import { i18n, initI18n } from '@/i18n';
import { alarm } from '../testing/fixtures';
import { contentDetail, contentText } from './alarm-labels';

initI18n('en-US');
const inLanguage = async (language: string) => {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('project');
  return i18n.getFixedT(language, 'project');
};

describe('alarm content', () => {
  it('names each SPEC event by its type in every language, never by the device’s word', async () => {
    for (const language of ['en-US', 'zh-CN', 'zh-TW']) {
      const t = await inLanguage(language);
      for (const type of ALARM_TYPES) {
        const text = contentText(t, alarm({ source: 'device', type, content: ALARM_TYPE_EVENTS[type] }));
        expect(text).toBe(t(`alarm.type.${type}`));
        expect(text).not.toBe(ALARM_TYPE_EVENTS[type]);
        expect(text).not.toMatch(/^alarm\./);
      }
    }
    const zh = await inLanguage('zh-CN');
    expect(contentText(zh, alarm({ source: 'device', content: 'VideoMotion' }))).toBe('移动侦测');
    const tw = await inLanguage('zh-TW');
    expect(contentText(tw, alarm({ source: 'device', type: 'B', content: 'videoloss' }))).toBe('影像遺失');
  });

  it('translates the platform’s offline alarm with its reason', async () => {
    const en = await inLanguage('en-US');
    expect(contentText(en, alarm({ source: 'offline', type: 'B', content: 'offline (keepalive)' }))).toBe(
      'Device offline (missed keepalives)',
    );
    expect(contentText(en, alarm({ source: 'offline', type: 'B', content: 'offline (whatever)' }))).toBe(
      'Device offline',
    );
    const zh = await inLanguage('zh-CN');
    expect(contentText(zh, alarm({ source: 'offline', type: 'B', content: 'offline (unregistered)' }))).toBe(
      '设备离线（设备已注销）',
    );
  });

  it('shows an unknown event by its raw name, a wordless device alarm by its type, a manual alarm as written', async () => {
    const en = await inLanguage('en-US');
    expect(contentText(en, alarm({ source: 'device', type: 'C', content: 'LineCrossing' }))).toBe('LineCrossing');
    expect(contentText(en, alarm({ source: 'device', type: 'F', content: ' ' }))).toBe('Storage error');
    expect(contentText(en, alarm({ source: 'manual', content: 'VideoMotion' }))).toBe('VideoMotion');
  });

  it('says nothing beside the tag that the tag says already', async () => {
    const en = await inLanguage('en-US');
    expect(contentDetail(en, alarm({ source: 'device', type: 'A', content: 'VideoMotion' }))).toBe('');
    expect(contentDetail(en, alarm({ source: 'device', type: 'C', content: 'FaceDetect' }))).toBe('Face detection 2');
    expect(contentDetail(en, alarm({ source: 'offline', type: 'B', content: 'offline (expired)' }))).toBe(
      'Device offline (registration expired)',
    );
  });
});
