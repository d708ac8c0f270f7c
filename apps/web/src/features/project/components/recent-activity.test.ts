import type { Activity } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import enUS from '@/i18n/locales/en-US/project.json';
import zhCN from '@/i18n/locales/zh-CN/project.json';
import { activitySentence, activityTone } from './recent-activity';

const entry = (over: Partial<Activity>): Activity => ({
  id: 1,
  kind: 'device.online',
  subject: 'Gate cam',
  projectId: 3,
  projectName: 'Harbour',
  actor: null,
  at: '2026-03-01T08:00:00.000Z',
  ...over,
});

/** The catalogue text with its placeholders filled, as i18next would. */
function say(activity: Activity, catalog: Record<string, string> = enUS) {
  const { key, values } = activitySentence(activity, catalog['overview.activity.platform']!);
  const text = catalog[key];
  if (text === undefined) throw new Error(`missing ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: keyof typeof values) => values[name] ?? `<${name}?>`);
}

describe('activitySentence', () => {
  it('says what a device did itself, with its project', () => {
    expect(say(entry({ kind: 'device.online' }))).toBe('Gate cam came online · Harbour');
    expect(say(entry({ kind: 'device.offline', projectName: null }))).toBe('Gate cam went offline');
    expect(say(entry({ kind: 'device.added' }))).toBe('Gate cam enrolled itself in Harbour');
  });

  it('names who added or deleted a device or a project', () => {
    expect(say(entry({ kind: 'device.added', actor: 'li.lei' }))).toBe('li.lei added device Gate cam to Harbour');
    expect(say(entry({ kind: 'device.deleted', actor: 'li.lei' }))).toBe('li.lei deleted device Gate cam from Harbour');
    expect(say(entry({ kind: 'project.added', subject: 'North', actor: 'li.lei' }))).toBe(
      'li.lei added North to Harbour',
    );
    expect(say(entry({ kind: 'project.added', subject: 'Depot', actor: 'li.lei', projectName: null }))).toBe(
      'li.lei added project Depot',
    );
    expect(say(entry({ kind: 'project.deleted', subject: 'Depot', actor: 'li.lei', projectName: null }))).toBe(
      'li.lei deleted project Depot',
    );
  });

  it('reads an entry nobody is named for as the system’s', () => {
    expect(say(entry({ kind: 'device.deleted', actor: null }))).toBe('The system deleted device Gate cam from Harbour');
  });

  it('has a sentence in every language for every kind, with and without actor or project', () => {
    const kinds: Activity['kind'][] = [
      'device.online',
      'device.offline',
      'device.added',
      'device.deleted',
      'project.added',
      'project.deleted',
    ];
    for (const catalog of [enUS, zhCN] as Record<string, string>[])
      for (const kind of kinds)
        for (const actor of ['li.lei', null])
          for (const projectName of ['Harbour', null])
            expect(say(entry({ kind, actor, projectName }), catalog)).not.toMatch(/<\w+\?>|\{\{/);
  });
});

describe('activityTone', () => {
  it('colours by what happened', () => {
    expect(activityTone('device.online')).toBe('online');
    expect(activityTone('device.offline')).toBe('offline');
    expect(activityTone('project.added')).toBe('added');
    expect(activityTone('device.deleted')).toBe('deleted');
  });
});
