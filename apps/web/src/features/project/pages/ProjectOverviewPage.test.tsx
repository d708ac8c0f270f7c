// Project overview: the recent activity card (sentences per kind, relative time with the exact time on hover, empty
// and failed states, the 60 s refresh).
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Activity } from '@svc/contracts';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApiEnvironment } from '@/lib/api/environment';
import type { Language } from '@/i18n/languages';
import { renderInConsole, sessionWith } from '@/test/console';
import ProjectOverviewPage from './ProjectOverviewPage';

type Answer = { code: number; msg?: string; data?: unknown };

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function activity(id: number, over: Partial<Activity>): Activity {
  return {
    id,
    kind: 'device.online',
    subject: 'Gate cam',
    projectId: 1,
    projectName: 'Harbour',
    actor: null,
    at: ago(3 * MINUTE),
    ...over,
  };
}

const ACTIVITY: Activity[] = [
  activity(5, { kind: 'device.online', at: ago(3 * MINUTE) }),
  activity(4, { kind: 'device.offline', subject: 'Dock cam', at: ago(10 * MINUTE) }),
  activity(3, { kind: 'device.added', actor: 'li.lei', at: ago(2 * 60 * MINUTE) }),
  activity(2, {
    kind: 'project.deleted',
    subject: 'Depot',
    actor: 'li.lei',
    projectId: null,
    projectName: null,
    at: ago(26 * 60 * MINUTE),
  }),
  activity(1, {
    kind: 'project.added',
    subject: 'Harbour',
    actor: 'li.lei',
    projectName: null,
    at: ago(3 * 86_400_000),
  }),
];

async function open(answer: () => Answer = () => ({ code: 1, data: ACTIVITY }), language?: Language) {
  const view = await renderInConsole(<ProjectOverviewPage />, {
    session: sessionWith(['project']),
    language,
    handlers: {
      '/api/project/query/mine': () => ({ code: 1, data: [] }),
      '/api/project/activity/recent': answer,
    },
  });
  await screen.findByText(/Recent activity|最近动态/, undefined, { timeout: 10_000 });
  return view;
}

afterEach(() => resetApiEnvironment());

describe('ProjectOverviewPage recent activity', () => {
  it('says what happened, newest first, asking for the last 20 entries', async () => {
    const { callsTo } = await open();
    const first = await screen.findByText('Gate cam came online · Harbour');
    const sentences = [
      'Gate cam came online · Harbour',
      'Dock cam went offline · Harbour',
      'li.lei added device Gate cam to Harbour',
      'li.lei deleted project Depot',
      'li.lei added project Harbour',
    ].map((text) => screen.getByText(text));
    expect(sentences[0]).toBe(first);
    for (let i = 1; i < sentences.length; i++)
      expect(sentences[i - 1]!.compareDocumentPosition(sentences[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(callsTo('/api/project/activity/recent')[0]!.body).toEqual({ size: 20 });
  });

  it('colours entries by kind', async () => {
    await open();
    await screen.findByText('Gate cam came online · Harbour');
    const icon = (kind: string) =>
      document
        .querySelector<HTMLElement>(`[data-kind="${kind}"]`)!
        .closest('.ant-timeline-item, .ant-steps-item')!
        .querySelector<HTMLElement>('.anticon')!;
    expect(icon('device.online').classList).toContain('anticon-check-circle');
    expect(icon('device.online').style.color).toBe('rgb(82, 196, 26)');
    expect(icon('device.offline').classList).toContain('anticon-disconnect');
    expect(icon('device.offline').style.color).toBe('rgb(140, 140, 140)');
    expect(icon('device.added').style.color).toBe('rgb(20, 86, 196)');
    expect(icon('project.deleted').classList).toContain('anticon-delete');
    expect(icon('project.deleted').style.color).toBe('rgb(250, 140, 22)');
  });

  it('shows how long ago, with the exact local time on hover', async () => {
    await open();
    const when = await screen.findByText('3 minutes ago');
    expect(screen.getByText('2 hours ago')).toBeTruthy();
    expect(when.getAttribute('datetime')).toBe(ACTIVITY[0]!.at);
    fireEvent.mouseEnter(when);
    expect(await screen.findByText(dayjs(ACTIVITY[0]!.at).format('YYYY-MM-DD HH:mm:ss'))).toBeTruthy();
  });

  it('speaks the chosen language, times included', async () => {
    await open(undefined, 'zh-CN');
    expect(await screen.findByText('Gate cam 上线 · Harbour')).toBeTruthy();
    expect(screen.getByText('li.lei 将设备 Gate cam 添加到 Harbour')).toBeTruthy();
    expect(screen.getByText('3 分钟前')).toBeTruthy();
  });

  it('says when nothing has happened yet', async () => {
    await open(() => ({ code: 1, data: [] }));
    expect(await screen.findByText('No activity yet')).toBeTruthy();
  });

  it('offers a retry when the activity did not load', async () => {
    let fail = true;
    const { callsTo } = await open(() => (fail ? { code: 5005, msg: 'Parameter error' } : { code: 1, data: ACTIVITY }));
    expect(await screen.findByText('The data could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Gate cam came online · Harbour')).toBeTruthy();
    expect(callsTo('/api/project/activity/recent')).toHaveLength(2);
  });

  it('refreshes every minute while on screen', async () => {
    const { queryClient } = await open();
    await screen.findByText('Gate cam came online · Harbour');
    const query = queryClient.getQueryCache().find({ queryKey: ['project', 'activity', 20] });
    await waitFor(() => expect(query?.observers).toHaveLength(1));
    expect(query!.observers[0]!.options.refetchInterval).toBe(60_000);
  });
});

describe('ProjectOverviewPage without projects', () => {
  const handlers = {
    '/api/project/query/mine': () => ({ code: 1, data: [] }),
    '/api/project/activity/recent': () => ({ code: 1, data: [] }),
  };

  it('invites whoever may add projects to create the first one, in the add-project dialog', async () => {
    await renderInConsole(<ProjectOverviewPage />, { session: sessionWith(['project', 'project-add']), handlers });
    fireEvent.click(await screen.findByRole('button', { name: /Create your first project/ }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toMatch(/Add project/);
  });

  it('tells staff who may not add projects that projects come from an administrator', async () => {
    await renderInConsole(<ProjectOverviewPage />, { session: sessionWith(['project']), handlers });
    expect(await screen.findByText('No projects granted to you yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create your first project/ })).toBeNull();
  });
});
