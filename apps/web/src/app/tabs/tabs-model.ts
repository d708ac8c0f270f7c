// The tab list as pure data (SPEC §2, §9): each opened page is a tab, at most 30, home first, oldest non-home evicted.

/** SPEC §9: at most 30 cached page tabs. */
export const TAB_CAP = 30;

export interface Tab {
  /** The page's path; one tab per path. */
  key: string;
  /** Order of opening: the smallest non-home one is evicted first. */
  openedSeq: number;
  /** How many times the tab became active; a no-cache page remounts on each (its React key). 0 = never shown. */
  visits: number;
}

export interface TabsState {
  tabs: readonly Tab[];
  activeKey: string | null;
  seq: number;
}

export function initialTabs(homeKey: string): TabsState {
  return { tabs: [{ key: homeKey, openedSeq: 0, visits: 0 }], activeKey: null, seq: 1 };
}

/** Opens (or activates) the tab for `key`, keeping home first and evicting the oldest others past the cap. */
export function openTab(state: TabsState, key: string, homeKey: string, cap = TAB_CAP): TabsState {
  if (state.activeKey === key) return state;
  let seq = state.seq;
  let tabs = withHome(state.tabs, homeKey);
  if (tabs.some((t) => t.key === key)) {
    tabs = tabs.map((t) => (t.key === key ? { ...t, visits: t.visits + 1 } : t));
  } else {
    tabs = [...tabs, { key, openedSeq: seq++, visits: 1 }];
  }
  while (tabs.length > Math.max(cap, 2)) {
    const victim = tabs
      .filter((t) => t.key !== homeKey && t.key !== key)
      .reduce((oldest, t) => (t.openedSeq < oldest.openedSeq ? t : oldest));
    tabs = tabs.filter((t) => t !== victim);
  }
  return { tabs, activeKey: key, seq };
}

/** Closes a tab (never home). When it was active the right-hand neighbour, else the left one, takes over. */
export function closeTab(state: TabsState, key: string, homeKey: string): TabsState {
  if (key === homeKey) return state;
  const index = state.tabs.findIndex((t) => t.key === key);
  if (index === -1) return state;
  const tabs = state.tabs.filter((t) => t.key !== key);
  if (state.activeKey !== key) return { ...state, tabs };
  const next = tabs[index] ?? tabs[index - 1] ?? tabs[0];
  return openTab({ ...state, tabs, activeKey: null }, next?.key ?? homeKey, homeKey);
}

/** Keeps home and `key` only. */
export function closeOtherTabs(state: TabsState, key: string, homeKey: string): TabsState {
  const tabs = state.tabs.filter((t) => t.key === homeKey || t.key === key);
  return openTab({ ...state, tabs, activeKey: null }, key, homeKey);
}

function withHome(tabs: readonly Tab[], homeKey: string): readonly Tab[] {
  const home = tabs.find((t) => t.key === homeKey) ?? { key: homeKey, openedSeq: 0, visits: 0 };
  return [home, ...tabs.filter((t) => t.key !== homeKey)];
}
