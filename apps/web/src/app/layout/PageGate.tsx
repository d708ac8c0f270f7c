// One console page inside its tab: privilege check, lazy load with a spinner, and a retry if the chunk fails.
import { Component, Suspense, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { canReach, type AccessSubject } from '../access';
import { lazyPage } from '../lazy-page';
import type { RouteDef } from '../routes';
import { NoPermission } from './NoPermission';

export function PageGate({ route, subject }: { route: RouteDef; subject: AccessSubject }) {
  if (!canReach(subject, route)) return <NoPermission />;
  return (
    <PageErrorBoundary>
      <Suspense fallback={<Spin className="console-page-spin" />}>
        <LazyPage route={route} />
      </Suspense>
    </PageErrorBoundary>
  );
}

function LazyPage({ route }: { route: RouteDef }) {
  const Page = route.component ?? lazyPage(route.page);
  return <Page />;
}

class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PageFailed onRetry={() => this.setState({ failed: false })} />;
  }
}

function PageFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('console');
  return (
    <Result
      status="warning"
      title={t('page.failed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      }
    />
  );
}
