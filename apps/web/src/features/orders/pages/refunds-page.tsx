import { AuditOutlined } from '@ant-design/icons';
import {
  ORDER_PERMISSIONS,
  REFUND_REASONS,
  REFUND_STATE_MACHINE,
  REFUND_STATUSES,
  type Refund,
} from '@water/contract/orders';
import { allows } from '@water/contract/state-machine';
import { Card, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useSession } from '@/lib/session.ts';
import { ordersLocales } from '@/locales/console/orders.ts';
import { useRefunds } from '../api/orders.ts';
import { OrderDetail } from '../components/order-detail.tsx';
import { ReviewRefundForm } from '../components/review-refund-form.tsx';

addPageTexts('orders', ordersLocales);

/** The filters of `GET /api/refunds`, as the contract declares them. */
type RefundFilters = ListFilters<'GET /api/refunds'>;

const STATUS_COLORS = { PENDING: 'warning', SUCCESS: 'success', FAILED: 'default' } as const;

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
    { key: 'refundNo', title: t('orders.refundNo'), dataIndex: 'refundNo', width: 200 },
    {
      key: 'orderNo',
      title: t('orders.orderNo'),
      dataIndex: 'orderNo',
      width: 190,
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
    { key: 'agent', title: t('orders.agent'), dataIndex: 'agentName', width: 140, ellipsis: true },
    {
      key: 'channel',
      title: t('orders.channel'),
      width: 110,
      render: (_, refund) => t(`orders.channels.${refund.channel}`),
    },
    {
      key: 'amount',
      title: t('orders.amount'),
      dataIndex: 'amount',
      sortField: 'amount',
      width: 110,
      align: 'right',
      render: (_, refund) => formatFen(refund.amount, i18n.language),
    },
    {
      key: 'reason',
      title: t('orders.reason'),
      width: 130,
      render: (_, refund) => t(`orders.reasons.${refund.reason}`),
    },
    { key: 'note', title: t('orders.note'), dataIndex: 'note', width: 180, ellipsis: true },
    {
      key: 'status',
      title: t('orders.status'),
      dataIndex: 'status',
      sortField: 'status',
      width: 120,
      render: (_, refund) => <Tag color={STATUS_COLORS[refund.status]}>{t(`orders.statuses.${refund.status}`)}</Tag>,
    },
    {
      key: 'createBy',
      title: t('orders.createdBy'),
      width: 110,
      render: (_, refund) => refund.createBy ?? t('orders.automatic'),
    },
    { key: 'createTime', title: t('list.createTime'), dataIndex: 'createTime', sortField: 'createTime', width: 170 },
    { key: 'reviewedBy', title: t('orders.reviewedBy'), dataIndex: 'reviewedBy', width: 110, hiddenByDefault: true },
    { key: 'channelRef', title: t('orders.channelRef'), dataIndex: 'channelRef', width: 160, hiddenByDefault: true },
    { key: 'doneTime', title: t('orders.doneTime'), dataIndex: 'doneTime', width: 170, hiddenByDefault: true },
    ...actions,
  ];
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Refunds')} />
      <SearchBar<RefundFilters>
        initialValues={{ status: 'PENDING' }}
        onSearch={(values) =>
          list.search({ blurry: values.blurry?.trim() || undefined, status: values.status, reason: values.reason })
        }
        onReset={list.reset}
      >
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
