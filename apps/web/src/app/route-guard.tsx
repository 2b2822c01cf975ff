import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner.tsx';
import { ApiError } from '../lib/api-error.ts';
import { currentUserQuery } from '../lib/current-user.ts';
import { signOut, useSession } from '../lib/session.ts';
import { decideRoute, isPublicPath, type UserStatus } from './guard.ts';

function userStatus(query: { isSuccess: boolean; isError: boolean; isFetching: boolean; error: unknown }): UserStatus {
  if (query.isSuccess) return 'ready';
  if (query.isError) return query.error instanceof ApiError && query.error.status === 401 ? 'unauthorized' : 'failed';
  return query.isFetching ? 'loading' : 'idle';
}

/** Renders the matched page only when `decideRoute` allows it; the decision itself is pure and unit tested. */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const hasToken = useSession((state) => state.token !== undefined);
  const user = useQuery({ ...currentUserQuery, enabled: hasToken && !isPublicPath(pathname) });
  const decision = decideRoute({ pathname, search, hasToken, user: userStatus(user) });

  useEffect(() => {
    if (decision.kind === 'sign-out') signOut();
  }, [decision.kind]);

  switch (decision.kind) {
    case 'render':
      return <Outlet />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'failed':
      return <UserLoadFailed message={user.error?.message} onRetry={() => void user.refetch()} />;
    default:
      return <FullPageSpinner />;
  }
}

function UserLoadFailed({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('errors.userLoadFailed')}
      subTitle={message}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('errors.retry')}
        </Button>,
        <Button key="login" onClick={signOut}>
          {t('pages.backToLogin')}
        </Button>,
      ]}
    />
  );
}
