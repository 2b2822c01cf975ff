import { FIGURE_PERIODS, type FigurePeriod } from '@water/contract/sales-figures';
import { figuresLocales } from '@water/contract/texts/figures';
import { Card, Col, Row, Segmented, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAddress } from '@/components/list/url-filters.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { usePagePath } from '@/lib/page-paths.ts';
import { useBusinessRanking } from '../api/get-business-ranking.ts';
import { RankedList } from './ranked-list.tsx';

addPageTexts('figures', figuresLocales);

/** Which filter of the orders list each kind of ranking opens. */
const FILTER_OF = { agents: 'agentId', sites: 'siteId', machines: 'machineId' } as const;

/**
 * The agents, sites and machines that sold most today, this week or this month (by net sales,
 * ten of each), each a link to its orders of the period.
 */
export function SalesRanking() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<FigurePeriod>('TODAY');
  const ranking = useBusinessRanking(period).data;
  const ordersPath = usePagePath('business/order/index');
  return (
    <Card
      title={t('figures.ranking')}
      size="small"
      extra={
        <Segmented<FigurePeriod>
          aria-label={t('figures.rankingPeriod')}
          value={period}
          onChange={setPeriod}
          options={FIGURE_PERIODS.map((value) => ({ value, label: t(`figures.periods.${value}`) }))}
        />
      }
    >
      {!ranking ? (
        <Skeleton active />
      ) : (
        <Row gutter={[24, 8]}>
          {(['agents', 'sites', 'machines'] as const).map((kind) => (
            <Col key={kind} xs={24} lg={8}>
              <section aria-label={t(`figures.rankingOf.${kind}`)}>
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {t(`figures.rankingOf.${kind}`)}
                </Typography.Title>
                <RankedList
                  rows={ranking[kind]}
                  empty={t('figures.noSales')}
                  linkOf={(row) =>
                    ordersPath &&
                    listAddress(ordersPath, { [FILTER_OF[kind]]: row.id, createTime: [ranking.from, ranking.to] })
                  }
                />
              </section>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
