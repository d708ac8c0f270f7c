// Tab state of the console, following the address bar: visiting a console page opens or activates its tab.
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '@/lib/paths';
import { findConsoleRoute } from '../console-routes';
import { closeOtherTabs, closeTab, initialTabs, openTab, type TabsState } from '../tabs/tabs-model';

export function useTabs() {
  const location = useLocation();
  const navigate = useNavigate();
  const [state, setState] = useState<TabsState>(() => initialTabs(HOME_PATH));
  const [synced, setSynced] = useState<string | null>(null);
  const key = location.pathname;
  // Follows the address bar only when it changes (React's "adjust state on prop change", so the tab shows in
  // the same paint). Comparing with activeKey instead would reopen a just-closed tab before navigation lands.
  if (synced !== key) {
    setSynced(key);
    if (findConsoleRoute(key)) setState((s) => openTab(s, key, HOME_PATH));
  }

  const follow = useCallback(
    (next: TabsState) => {
      setState(next);
      if (next.activeKey && next.activeKey !== location.pathname) void navigate(next.activeKey);
    },
    [location.pathname, navigate],
  );

  return {
    state,
    close: (tabKey: string) => follow(closeTab(state, tabKey, HOME_PATH)),
    closeOthers: (tabKey: string) => follow(closeOtherTabs(state, tabKey, HOME_PATH)),
  };
}
