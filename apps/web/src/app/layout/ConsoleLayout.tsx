// The console frame of SPEC §2: header, side menu, tab strip and content of window height − 103 with the project panel.
import { useState } from 'react';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/components/public/use-document-title';
import { useProductTitle } from '@/components/public/use-product-title';
import type { Section } from '@/lib/paths';
import { findConsoleRoute } from '../console-routes';
import { HeaderBar } from './HeaderBar';
import type { LayoutKind } from './layout-choice';
import { LoadingBar } from './LoadingBar';
import { menuRoutes } from './navigation';
import { ProjectSplit } from './ProjectSplit';
import { useSession } from '@/lib/session-context';
import { SideMenu } from './SideMenu';
import { TabPages } from './TabPages';
import { TabsBar } from './TabsBar';
import { useTabs } from './use-tabs';
import { useContentHeight } from '@/lib/use-window-height';

export function ConsoleLayout({ layout }: { layout: LayoutKind }) {
  const { t } = useTranslation('console');
  const session = useSession();
  const platform = useProductTitle();
  const location = useLocation();
  const route = findConsoleRoute(location.pathname);
  const tabs = useTabs();
  const height = useContentHeight();
  // Pages outside any section (download) keep the side menu of the section the user came from.
  const [section, setSection] = useState<Section>(route?.section ?? 'project');
  if (route?.section && route.section !== section) setSection(route.section);
  const side = menuRoutes(session, section);
  const product = layout === 'custom' ? session.userAccount.enterpriseName || platform.title : platform.title;
  useDocumentTitle(route?.titleKey ? t(route.titleKey) : undefined, product);

  return (
    <Layout className="console" data-layout={layout}>
      <HeaderBar layout={layout} section={route?.section} />
      <LoadingBar />
      <Layout className="console-body">
        {side.length > 0 && (
          <Layout.Sider width={208} theme="light" className="console-sider" breakpoint="lg" collapsible>
            <SideMenu routes={side} activePath={location.pathname} />
          </Layout.Sider>
        )}
        <Layout.Content className="console-main">
          <TabsBar state={tabs.state} onClose={tabs.close} onCloseOthers={tabs.closeOthers} />
          <main
            className="console-content"
            style={{ height }}
            aria-label={route?.titleKey ? t(route.titleKey) : undefined}
          >
            <ProjectSplit showPanel={Boolean(route?.projectPanel)}>
              <TabPages state={tabs.state} subject={session} />
            </ProjectSplit>
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
