import {
  AlertOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { asFen, type Fen } from '@water/contract/money';
import { businessLocales } from '@water/contract/texts/business-overview';
import { ordersLocales } from '@water/contract/texts/orders';
import { Alert, Card, Col, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DailyBarChart } from '@/components/charts/daily-bar-chart.tsx';
import { listAddress } from '@/components/list/url-filters.ts';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { usePagePath } from '@/lib/page-paths.ts';
import { useBusinessOverview } from '../api/get-business-overview.ts';
import styles from '../pages/dashboard-page.module.css';
import { FiguresTable } from './figures-table.tsx';
import { RankedList } from './ranked-list.tsx';
import { SalesRanking } from './sales-ranking.tsx';

addPageTexts('business', businessLocales);
addPageTexts('orders', ordersLocales);

/** The change from `before` to `now` as a signed percentage, or undefined when there is nothing before. */
export function changeOf(now: number, before: number): number | undefined {
  if (before === 0) return undefined;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}

function Trend({ now, before, label }: { now: number; before: number; label: 'vsYesterday' | 'vsLastMonth' }) {
  const { t } = useTranslation();
  const change = changeOf(now, before);
  if (change === undefined) return <Typography.Text type="secondary">{t('business.noComparison')}</Typography.Text>;
  const up = change >= 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'}>
      {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}{' '}
      {t(`business.${label}`, { change: `${up ? '+' : ''}${change}%` })}
    </Typography.Text>
  );
}

/** A figure of the home page; a link to the list behind it when the user's menus have that list. */
function FigureCard({ to, hint, children }: { to?: string; hint: string; children: ReactNode }) {
  const card = (
    <Card size="small" hoverable={to !== undefined} style={{ height: '100%' }}>
      {children}
    </Card>
  );
  return to ? (
    <Link to={to} title={hint} className={styles.cardLink}>
      {card}
    </Link>
  ) : (
    card
  );
}

/** The business half of the home page, for those who see orders: sales, machines, alarms, payment mix, rankings. */
export function BusinessOverview() {
  const { t, i18n } = useTranslation();
  const query = useBusinessOverview();
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  const figures = query.data;
  const ordersPath = usePagePath('business/order/index');
  const machinesPath = usePagePath('business/machine/index');
  const alarmsPath = usePagePath('business/alarm/index');
  if (query.isError)
    return <Alert type="warning" showIcon title={t('business.loadFailed')} style={{ marginBottom: 16 }} />;
  if (!figures) return <Skeleton active />;
  const mixTotal = figures.paymentMix.reduce((sum, channel) => sum + channel.paid, 0);
  // Today and the first of the month as the server counts days: the last of the 30 days.
  const today = figures.daily.at(-1)?.day;
  const monthStart = today && `${today.slice(0, 8)}01`;
  const ordersSince = (from: string | undefined, filters: Record<string, number> = {}) =>
    ordersPath && from && today ? listAddress(ordersPath, { createTime: [from, today], ...filters }) : undefined;
  const monthOrdersOf = (filter: 'siteId' | 'machineId') => (row: { id: number }) =>
    ordersSince(monthStart, { [filter]: row.id });
  const litres = (ml: number) => (ml / 1000).toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const cards = [
    {
      key: 'today',
      icon: <WalletOutlined />,
      title: t('business.todayNet'),
      value: money(figures.today.net),
      to: ordersSince(today),
      hint: t('business.links.todayOrders'),
      footer: <Trend now={figures.today.net} before={figures.yesterday.net} label="vsYesterday" />,
    },
    {
      key: 'month',
      icon: <WalletOutlined />,
      title: t('business.monthNet'),
      value: money(figures.month.net),
      to: ordersSince(monthStart),
      hint: t('business.links.monthOrders'),
      footer: (
        <>
          <Trend now={figures.month.net} before={figures.lastMonth.net} label="vsLastMonth" />
          <div>{t('business.couponsMonth', { amount: money(figures.month.coupon) })}</div>
        </>
      ),
    },
    {
      key: 'litres',
      icon: <ExperimentOutlined />,
      title: t('business.litresToday'),
      value: litres(figures.today.dispensedMl),
      to: ordersSince(today),
      hint: t('business.links.todayOrders'),
      footer: t('business.ordersToday', { orders: figures.today.orders, ticket: money(figures.today.averageTicket) }),
    },
    {
      key: 'machines',
      icon: <DashboardOutlined />,
      title: t('business.machinesOnline'),
      value: `${figures.machines.online} / ${figures.machines.operating}`,
      to: machinesPath && listAddress(machinesPath, { lifecycle: 'OPERATING', online: false }),
      hint: t('business.links.offlineMachines'),
      footer: t('business.machinesDetail', { offline: figures.machines.offline, faulty: figures.machines.faulty }),
    },
    {
      key: 'alarms',
      icon: <AlertOutlined />,
      title: t('business.openAlarms'),
      value: String(figures.openAlarms),
      // The alarms page opens on the alarms not resolved yet: those the card counts.
      to: alarmsPath,
      hint: t('business.links.openAlarms'),
      footer: null,
    },
  ];
  return (
    <section aria-label={t('business.heading')} style={{ marginBottom: 16 }}>
      <Row gutter={[16, 16]}>
        {cards.map((card) => (
          <Col key={card.key} xs={24} sm={12} xl={card.key === 'alarms' ? 4 : 5}>
            <FigureCard to={card.to} hint={card.hint}>
              <Statistic
                title={card.title}
                value={card.value}
                prefix={<span className={styles.inlineIcon}>{card.icon}</span>}
              />
              {card.footer && <div style={{ marginTop: 4, fontSize: 12 }}>{card.footer}</div>}
            </FigureCard>
          </Col>
        ))}
        <Col xs={24} xl={16}>
          <Card title={t('business.daily')} size="small">
            <DailyBarChart
              data={figures.daily.map((day) => ({ label: day.day.slice(5), value: day.net }))}
              label={t('business.daily')}
              format={(value) => money(asFen(value))}
              showValues={false}
            />
            <FiguresTable
              caption={t('business.dailyTable')}
              rows={figures.daily.map((day) => [day.day, money(day.net)] as const)}
            />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('business.paymentMix')} size="small" style={{ height: '100%' }}>
            {figures.paymentMix.length === 0 ? (
              <Typography.Text type="secondary">{t('business.noSales')}</Typography.Text>
            ) : (
              figures.paymentMix.map((channel) => (
                <div key={channel.channel} style={{ marginBottom: 8 }}>
                  <Typography.Text>
                    {t(`orders.channels.${channel.channel}`)} · {money(channel.paid)}
                  </Typography.Text>
                  <Progress percent={mixTotal > 0 ? Math.round((channel.paid / mixTotal) * 100) : 0} size="small" />
                </div>
              ))
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <SalesRanking />
        </Col>
        {(
          [
            ['bottomMachines', figures.bottomMachines, 'machineId'],
            ['bottomSites', figures.bottomSites, 'siteId'],
          ] as const
        ).map(([key, rows, filter]) => (
          <Col key={key} xs={24} md={12}>
            <Card title={t(`business.${key}`)} size="small">
              <RankedList rows={rows} empty={t('business.noSales')} linkOf={monthOrdersOf(filter)} />
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
