// The open tabs' pages, kept alive with React <Activity> (state survives switching); no-cache pages remount (SPEC §2).
import { Activity } from 'react';
import type { AccessSubject } from '@/lib/access';
import { findConsoleRoute } from '../console-routes';
import type { RouteDef } from '../routes';
import type { TabsState } from '../tabs/tabs-model';
import { PageGate } from './PageGate';

interface TabPagesProps {
  state: TabsState;
  subject: AccessSubject;
  /** The route table lookup; tests pass their own table. */
  resolve?: (path: string) => RouteDef | undefined;
}

export function TabPages({ state, subject, resolve = findConsoleRoute }: TabPagesProps) {
  return state.tabs.map((tab) => {
    const route = resolve(tab.key);
    // A tab never shown (home before its first visit) costs nothing yet.
    if (!route || tab.visits === 0) return null;
    const active = tab.key === state.activeKey;
    if (route.noCache && !active) return null;
    return (
      <Activity key={route.noCache ? `${tab.key}#${tab.visits}` : tab.key} mode={active ? 'visible' : 'hidden'}>
        <div className="console-page" data-tab={tab.key}>
          <PageGate route={route} subject={subject} />
        </div>
      </Activity>
    );
  });
}
