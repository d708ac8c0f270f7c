// One console page inside its tab: privilege check, lazy load with a spinner; a crash offers a retry, a chunk that
// did not load (twice) asks for a reload.
import { Component, Suspense, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { canReach, type AccessSubject } from '@/lib/access';
import { isChunkLoadError, lazyPage } from '../lazy-page';
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

class PageErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error: error ?? new Error('page failed') };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // The page's own chunk stays failed until a reload (lazy-page.ts): a retry here would only show this again.
    if (isChunkLoadError(error)) return <PageOutdated />;
    return <PageFailed onRetry={() => this.setState({ error: undefined })} />;
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

function PageOutdated() {
  const { t: tc } = useTranslation('common');
  return (
    <Result
      status="info"
      title={tc('update.title')}
      subTitle={tc('update.hint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {tc('action.reload')}
        </Button>
      }
    />
  );
}
