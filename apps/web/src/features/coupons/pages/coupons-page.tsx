import { couponsLocales } from '@water/contract/texts/coupons';
import { Card, Col, Row, Statistic, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useCouponStats } from '../api/coupons.ts';
import { IssuedTab } from '../components/issued-tab.tsx';
import { TemplatesTab } from '../components/templates-tab.tsx';

addPageTexts('coupons', couponsLocales);

/** The redemption figures of the coupons in reach: issued, used, the rate, expired, and what they cost. */
function CouponFigures() {
  const { t, i18n } = useTranslation();
  const stats = useCouponStats();
  const total = stats.data?.total;
  const rate = total && total.issued > 0 ? Math.round((total.used / total.issued) * 1000) / 10 : 0;
  const figure = (title: string, value: string | number | undefined, extra?: string) => (
    <Col xs={12} md={8} xl={extra ? 8 : 4}>
      <Statistic title={title} value={value ?? '–'} loading={stats.isPending} />
      {extra && <small style={{ opacity: 0.65 }}>{extra}</small>}
    </Col>
  );
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} role="group" aria-label={t('coupons.redemption')}>
      {figure(t('coupons.statsIssued'), total?.issued)}
      {figure(t('coupons.statsUsed'), total?.used)}
      {figure(t('coupons.statsRate'), total ? `${rate} %` : undefined)}
      {figure(t('coupons.statsExpired'), total?.expired)}
      {figure(
        t('coupons.statsCost'),
        total ? formatFen(total.discountCost, i18n.language) : undefined,
        stats.data &&
          t('coupons.statsCostSplit', {
            platform: formatFen(stats.data.platform.discountCost, i18n.language),
            agent: formatFen(stats.data.agent.discountCost, i18n.language),
          }),
      )}
    </Row>
  );
}

/** `business/coupon/index`: coupon templates and the coupons issued from them, with their redemption figures. */
export function CouponsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Coupons')} />
      <CouponFigures />
      <Tabs
        destroyOnHidden={false}
        items={[
          { key: 'templates', label: t('coupons.templates'), children: <TemplatesTab /> },
          { key: 'issued', label: t('coupons.issued'), children: <IssuedTab /> },
        ]}
      />
    </Card>
  );
}
