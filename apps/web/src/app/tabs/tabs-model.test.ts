// The tabs model over SPEC §2/§9: the cap of 30, home first, oldest non-home evicted, no-cache remount counting.
import { describe, expect, it } from 'vitest';
import { TAB_CAP, closeOtherTabs, closeTab, initialTabs, openTab, type TabsState } from './tabs-model';

const HOME = '/project/index';
const openAll = (state: TabsState, keys: string[]) => keys.reduce((s, k) => openTab(s, k, HOME), state);
const keys = (s: TabsState) => s.tabs.map((t) => t.key);

describe('tabs model', () => {
  it('starts with the home tab, not yet shown', () => {
    const s = initialTabs(HOME);
    expect(keys(s)).toEqual([HOME]);
    expect(s.tabs[0]!.visits).toBe(0);
    expect(s.activeKey).toBeNull();
  });

  it('keeps at most 30 tabs, home first, evicting the oldest non-home tab', () => {
    const pages = Array.from({ length: 40 }, (_, i) => `/p/${i}`);
    const s = openAll(initialTabs(HOME), pages);
    expect(s.tabs).toHaveLength(TAB_CAP);
    expect(keys(s)[0]).toBe(HOME);
    // 40 pages + home = 41; the 11 oldest pages went, in opening order.
    expect(keys(s).slice(1)).toEqual(pages.slice(11));
    expect(s.activeKey).toBe('/p/39');
  });

  it('evicts by opening order, not by the order of visits', () => {
    let s = openAll(
      initialTabs(HOME),
      Array.from({ length: 29 }, (_, i) => `/p/${i}`),
    );
    expect(s.tabs).toHaveLength(30);
    s = openTab(s, '/p/0', HOME); // revisiting does not renew it
    s = openTab(s, '/p/new', HOME);
    expect(keys(s)).not.toContain('/p/0');
    expect(keys(s)).toContain('/p/1');
    expect(keys(s).at(-1)).toBe('/p/new');
  });

  it('never evicts home, even when it is the oldest and never shown', () => {
    const s = openAll(
      initialTabs(HOME),
      Array.from({ length: 100 }, (_, i) => `/p/${i}`),
    );
    expect(keys(s)[0]).toBe(HOME);
  });

  it('re-opening a tab activates it without duplicating and counts the visit', () => {
    let s = openAll(initialTabs(HOME), ['/a', '/b']);
    s = openTab(s, '/a', HOME);
    expect(keys(s)).toEqual([HOME, '/a', '/b']);
    expect(s.tabs.find((t) => t.key === '/a')!.visits).toBe(2);
    expect(openTab(s, '/a', HOME)).toBe(s);
  });

  it('puts home first when the first page opened is another one', () => {
    const s = openTab(initialTabs(HOME), '/platform/basic', HOME);
    expect(keys(s)).toEqual([HOME, '/platform/basic']);
    expect(openTab(s, HOME, HOME).tabs[0]).toMatchObject({ key: HOME, visits: 1 });
  });

  it('closing the active tab activates its right neighbour, else the left one; home cannot close', () => {
    let s = openAll(initialTabs(HOME), ['/a', '/b', '/c']);
    s = openTab(s, '/b', HOME);
    s = closeTab(s, '/b', HOME);
    expect(keys(s)).toEqual([HOME, '/a', '/c']);
    expect(s.activeKey).toBe('/c');
    s = closeTab(s, '/c', HOME);
    expect(s.activeKey).toBe('/a');
    expect(closeTab(s, HOME, HOME)).toBe(s);
    const inactive = closeTab(openTab(s, HOME, HOME), '/a', HOME);
    expect(inactive.activeKey).toBe(HOME);
  });

  it('close others keeps home and the chosen tab', () => {
    const s = closeOtherTabs(openAll(initialTabs(HOME), ['/a', '/b', '/c']), '/b', HOME);
    expect(keys(s)).toEqual([HOME, '/b']);
    expect(s.activeKey).toBe('/b');
  });
});
