import { Button, Spin } from 'antd';
import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusNotice } from '@/components/status-notice.tsx';
import { ProgressFallback } from '../navigation-progress.ts';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusNotice
      status="error"
      title={t('shell.pageLoadFailedTitle')}
      subTitle={t('shell.pageLoadFailed')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('shell.retry')}
        </Button>
      }
    />
  );
}

/** A page whose code failed to load (offline, new deployment) shows a retry, not a blank tab. */
class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return <LoadFailed onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}

function PageLoading() {
  return (
    <>
      <ProgressFallback />
      <Spin delay={300} style={{ display: 'block', margin: '64px auto' }} />
    </>
  );
}

export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <PageErrorBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
