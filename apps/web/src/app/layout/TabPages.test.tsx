// Kept-alive tab pages over the real tabs model: state survives switching, no-cache remounts, the 30-tab cap evicts.
import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessSubject } from '@/lib/access';
import type { RouteDef } from '../routes';
import { TAB_CAP, initialTabs, openTab, type TabsState } from '../tabs/tabs-model';
import { renderAt } from '@/test/render';
import { TabPages } from './TabPages';

const HOME = '/home-tab';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      count {count}
    </button>
  );
}

const page = (path: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  component: Counter,
  page: () => Promise.resolve({ default: Counter }),
  ...extra,
});
const ROUTES = new Map<string, RouteDef>(
  [
    page(HOME),
    page('/nc', { noCache: true }),
    page('/secret', { privilege: 'user' }),
    ...Array.from({ length: TAB_CAP + 5 }, (_, i) => page(`/p/${i}`)),
  ].map((r) => [r.path, r]),
);
const admin: AccessSubject = { isSuperMan: true, isCloudAccount: false, userPrivilegeKeys: [], privilegeList: [] };
const employee: AccessSubject = {
  isSuperMan: false,
  isCloudAccount: false,
  userPrivilegeKeys: ['project'],
  privilegeList: [],
};

async function mount(initial: TabsState, subject = admin) {
  let state = initial;
  let rerender: (s: TabsState) => void = () => {};
  function Harness() {
    const [s, set] = useState(state);
    rerender = (next) => act(() => set(next));
    return <TabPages state={s} subject={subject} resolve={(p) => ROUTES.get(p)} />;
  }
  const view = await renderAt('/', [{ path: '/', element: <Harness /> }]);
  const go = (key: string) => {
    state = openTab(state, key, HOME);
    rerender(state);
  };
  const pageOf = (key: string) => view.container.querySelector<HTMLElement>(`[data-tab="${key}"]`);
  const click = (key: string) => fireEvent.click(pageOf(key)!.querySelector('button')!);
  return { ...view, go, pageOf, click, state: () => state };
}

describe('TabPages', () => {
  it('keeps a cached page mounted but hidden, with its state, while another tab is active', async () => {
    const t = await mount(openTab(initialTabs(HOME), '/p/1', HOME));
    t.click('/p/1');
    t.click('/p/1');
    t.go(HOME);
    expect(t.pageOf('/p/1')).not.toBeNull();
    expect(t.pageOf('/p/1')!.style.display).toBe('none');
    t.go('/p/1');
    expect(t.pageOf('/p/1')!.textContent).toBe('count 2');
    expect(t.pageOf('/p/1')!.style.display).not.toBe('none');
  });

  it('does not mount the home tab before its first visit', async () => {
    const t = await mount(openTab(initialTabs(HOME), '/p/1', HOME));
    expect(t.pageOf(HOME)).toBeNull();
    t.go(HOME);
    expect(t.pageOf(HOME)).not.toBeNull();
  });

  it('unmounts a no-cache page when left and remounts it fresh', async () => {
    const t = await mount(openTab(initialTabs(HOME), '/nc', HOME));
    t.click('/nc');
    expect(t.pageOf('/nc')!.textContent).toBe('count 1');
    t.go(HOME);
    expect(t.pageOf('/nc')).toBeNull();
    t.go('/nc');
    expect(t.pageOf('/nc')!.textContent).toBe('count 0');
  });

  it(`keeps at most ${TAB_CAP} pages alive: the oldest non-home page loses its state first`, async () => {
    const t = await mount(openTab(initialTabs(HOME), HOME, HOME));
    t.click(HOME);
    t.go('/p/0');
    t.click('/p/0');
    t.go('/p/1');
    t.click('/p/1');
    for (let i = 2; i <= TAB_CAP - 1; i++) t.go(`/p/${i}`);
    // Home + 30 other pages = 31 opened: one over the cap.
    expect(t.state().tabs).toHaveLength(TAB_CAP);
    expect(t.container.querySelectorAll('.console-page')).toHaveLength(TAB_CAP);
    expect(t.pageOf('/p/0')).toBeNull();
    expect(t.pageOf('/p/1')!.textContent).toBe('count 1');
    expect(t.pageOf(HOME)!.textContent).toBe('count 1');
    t.go('/p/0');
    expect(t.pageOf('/p/0')!.textContent).toBe('count 0');
    // Reopening /p/0 evicted the next oldest, /p/1; home survives every eviction.
    expect(t.pageOf('/p/1')).toBeNull();
    expect(t.state().tabs[0]!.key).toBe(HOME);
  });

  it('shows the no-permission page instead of a page the privileges do not cover', async () => {
    const t = await mount(openTab(initialTabs(HOME), '/secret', HOME), employee);
    expect(await screen.findByText('You have no permission to browse this page.')).toBeTruthy();
    expect(t.pageOf('/secret')!.querySelector('button')!.textContent).toBe('Back to home');
  });
});
