import { AuditOutlined } from '@ant-design/icons';
import {
  ORDER_PERMISSIONS,
  REFUND_COLUMNS,
  REFUND_REASONS,
  REFUND_STATE_MACHINE,
  REFUND_STATUSES,
  type Refund,
} from '@water/contract/orders';
import { allows } from '@water/contract/state-machine';
import { ordersLocales } from '@water/contract/texts/orders';
import { Card, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useSession } from '@/lib/session.ts';
import { useRefunds } from '../api/orders.ts';
import { OrderDetail } from '../components/order-detail.tsx';
import { ReviewRefundForm } from '../components/review-refund-form.tsx';

addPageTexts('orders', ordersLocales);

/** The filters of `GET /api/refunds`, as the contract declares them. */
type RefundFilters = ListFilters<'GET /api/refunds'>;

const STATUS_COLORS = { PENDING: 'warning', SENT: 'processing', SUCCESS: 'success', FAILED: 'default' } as const;

/** `business/refund/index`: refunds within the user's reach, the ones awaiting review first in view. */
export function RefundsPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<RefundFilters>({ initialFilters: { status: 'PENDING' } });
  const query = useRefunds(list.params);
  const [shown, setShown] = useState<string>();
  const [reviewing, setReviewing] = useState<{ refund?: Refund; session: number }>({ session: 0 });
  const username = useSession((state) => state.user?.username);
  const actions = useActionsColumn<Refund>({
    nameOf: (refund) => refund.refundNo,
    extra: {
      allow: [ORDER_PERMISSIONS.refundReview],
      actions: (refund) => [
        {
          key: 'review',
          label: t('orders.review'),
          icon: <AuditOutlined aria-hidden />,
          allow: ORDER_PERMISSIONS.refundReview,
          // The state table decides; nobody reviews a refund they asked for themselves.
          disabled:
            !allows(REFUND_STATE_MACHINE, refund.status, 'APPROVE') ||
            (refund.createBy !== null && refund.createBy === username),
          onClick: () => setReviewing((previous) => ({ refund, session: previous.session + 1 })),
        },
      ],
    },
  });
  const columns: DataColumn<Refund>[] = [
    ...declaredColumns<Refund, typeof REFUND_COLUMNS>(REFUND_COLUMNS, t, i18n.language, {
      orderNo: {
        ellipsis: false,
        render: (_, refund) => (
          <a
            href={`#${refund.orderNo}`}
            onClick={(event) => {
              event.preventDefault();
              setShown(refund.orderNo);
            }}
          >
            {refund.orderNo}
          </a>
        ),
      },
      status: {
        render: (_, refund) => <Tag color={STATUS_COLORS[refund.status]}>{t(`orders.statuses.${refund.status}`)}</Tag>,
      },
      createBy: { render: (_, refund) => refund.createBy ?? t('orders.automatic') },
    }),
    ...actions,
  ];
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Refunds')} />
      <SearchBar<RefundFilters> initialValues={{ status: 'PENDING' }} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('orders.search')}>
          <Input placeholder={t('orders.refundSearchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status" label={t('orders.status')}>
          <EnumSelect values={REFUND_STATUSES} labelOf={(value) => t(`orders.statuses.${value}`)} width={130} />
        </Form.Item>
        <Form.Item name="reason" label={t('orders.reason')}>
          <EnumSelect values={REFUND_REASONS} labelOf={(value) => t(`orders.reasons.${value}`)} width={140} />
        </Form.Item>
      </SearchBar>
      <DataTable<Refund, RefundFilters>
        tableId="refunds"
        label={t('orders.refundsLabel')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(refund) => refund.id}
        exportTo={{ route: 'GET /api/refunds/download', name: 'refunds' }}
      />
      <OrderDetail orderNo={shown} onClose={() => setShown(undefined)} />
      <ReviewRefundForm
        refund={reviewing.refund}
        session={reviewing.session}
        onClose={() => setReviewing((previous) => ({ ...previous, refund: undefined }))}
      />
    </Card>
  );
}
