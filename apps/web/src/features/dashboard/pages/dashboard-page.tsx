import { AppstoreOutlined, BookOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { BUSINESS_OVERVIEW_PERMISSION, DASHBOARD_FIGURE_PERMISSIONS } from '@water/contract/permissions';
import { Alert, Button, Card, Col, Descriptions, type DescriptionsProps, Flex, Row, Skeleton, Typography } from 'antd';
import { Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission, usePermission } from '@/components/permission.tsx';
import { useSession } from '@/lib/session.ts';
import { dashboardStatsQuery, useDashboardStats } from '../api/get-dashboard-stats.ts';
import { FiguresTable } from '../components/figures-table.tsx';
import { BusinessOverview, DailyBarChart } from '../components/home-widgets.ts';
import { RecentOperations } from '../components/recent-operations.tsx';
import { StatCard } from '../components/stat-card.tsx';

function AccountCard() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const none = t('dashboard.none');
  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('dashboard.username'), children: user?.username },
    { key: 'nickName', label: t('dashboard.nickName'), children: user?.nickName || none },
    { key: 'dept', label: t('dashboard.dept'), children: user?.dept?.name ?? none },
    { key: 'roles', label: t('dashboard.roles'), children: user?.roles.map((role) => role.name).join(', ') || none },
  ];
  return (
    <Card title={t('dashboard.account')}>
      <Descriptions column={{ xs: 1, md: 2 }} items={items} />
    </Card>
  );
}

/** Home: the figures staff look at first, and the week's sign-ins. */
export function DashboardPage() {
  const { t } = useTranslation();
  // Before their data has come, the figures, charts and lists follow in the next frames: they
  // would only show placeholders, and the first screen after sign-in (the sidebar, the top bar,
  // the page's heading) shows sooner without them.
  const hasFigures = useQueryClient().getQueryData(dashboardStatsQuery.queryKey) !== undefined;
  const withFigures = useDeferredValue(true, hasFigures);
  return (
    <div>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        {t('dashboard.heading')}
      </Typography.Title>
      {withFigures && <DashboardFigures />}
    </div>
  );
}

function DashboardFigures() {
  const { t } = useTranslation();
  const stats = useDashboardStats();
  const figures = stats.data;
  const can = usePermission();
  // Only the figures the user may see, as the server counts them: within its data scope.
  const cards = (
    [
      { key: 'users', title: t('dashboard.users'), icon: <TeamOutlined /> },
      { key: 'onlineUsers', title: t('dashboard.onlineUsers'), icon: <WifiOutlined /> },
      { key: 'menus', title: t('dashboard.menus'), icon: <AppstoreOutlined /> },
      { key: 'dicts', title: t('dashboard.dicts'), icon: <BookOutlined /> },
    ] as const
  ).filter((card) => can(DASHBOARD_FIGURE_PERMISSIONS[card.key]));
  const showSignIns = can(DASHBOARD_FIGURE_PERMISSIONS.signIns);
  const signIns = figures?.signIns ?? [];

  return (
    <>
      {stats.isError && (
        <Alert
          type="warning"
          showIcon
          title={t('dashboard.statsFailed')}
          action={
            <Button size="small" onClick={() => void stats.refetch()}>
              {t('shell.retry')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      {can([BUSINESS_OVERVIEW_PERMISSION]) && (
        <Suspense fallback={<Skeleton active />}>
          <BusinessOverview />
        </Suspense>
      )}
      {cards.length > 0 && (
        <section aria-label={t('dashboard.overview')}>
          <Row gutter={[16, 16]}>
            {cards.map((card) => (
              <Col key={card.key} xs={12} lg={6}>
                <StatCard
                  title={card.title}
                  value={figures?.[card.key] ?? undefined}
                  icon={card.icon}
                  loading={stats.isPending}
                />
              </Col>
            ))}
          </Row>
        </section>
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {showSignIns && (
          <Col xs={24} xl={14}>
            <Card title={t('dashboard.signIns')}>
              {stats.isPending ? (
                <Skeleton active />
              ) : (
                <Suspense fallback={<Skeleton active />}>
                  <DailyBarChart
                    data={signIns.map((day) => ({ label: day.date.slice(5), value: day.count }))}
                    label={t('dashboard.signIns')}
                  />
                </Suspense>
              )}
              <FiguresTable
                caption={t('dashboard.signInsTable')}
                head={[t('dashboard.date'), t('dashboard.count')]}
                rows={signIns.map((day) => [day.date, day.count] as const)}
              />
            </Card>
          </Col>
        )}
        <Col xs={24} xl={showSignIns ? 10 : 24}>
          <Flex vertical gap={16}>
            <AccountCard />
            <Permission allow={['log:list']}>
              <RecentOperations />
            </Permission>
          </Flex>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        {t('dashboard.intro', { title: t('app.title') })}
      </Typography.Paragraph>
    </>
  );
}
