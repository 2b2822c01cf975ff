import { DeleteOutlined } from '@ant-design/icons';
import { COUPON_PERMISSIONS, COUPON_STATE_MACHINE, COUPON_STATUSES, type Coupon } from '@water/contract/coupons';
import { COUPON_COLUMNS } from '@water/contract/coupons-columns';
import { allows } from '@water/contract/state-machine';
import { App, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { useConfirm } from '@/components/use-confirm.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useIssuedCoupons, useRevokeCoupons } from '../api/coupons.ts';
import { couponValueText } from './coupon-value.ts';

/** The filters of `GET /api/coupons`, as the contract declares them. */
type CouponFilters = ListFilters<'GET /api/coupons'>;

const STATUS_COLORS = {
  UNUSED: 'processing',
  LOCKED: 'warning',
  USED: 'success',
  EXPIRED: 'default',
  REVOKED: 'default',
} as const;

/** Coupons members hold or held: find one by its code or the member's phone; revoke an unused one. */
export function IssuedTab() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const list = useListState<CouponFilters>({ initialFilters: {} });
  const query = useIssuedCoupons(list.params);
  const revoke = useRevokeCoupons();
  const actions = useActionsColumn<Coupon>({
    nameOf: (coupon) => coupon.code,
    extra: {
      allow: [COUPON_PERMISSIONS.issue],
      actions: (coupon) => [
        {
          key: 'revoke',
          label: t('coupons.revoke'),
          icon: <DeleteOutlined aria-hidden />,
          allow: COUPON_PERMISSIONS.issue,
          danger: true,
          disabled: !allows(COUPON_STATE_MACHINE, coupon.status, 'REVOKE'),
          onClick: () =>
            confirm({
              title: t('coupons.revokeConfirm', { code: coupon.code }),
              content: t('coupons.revokeDetail'),
              okText: t('coupons.revoke'),
              onConfirm: async () => {
                await revoke.mutateAsync([coupon.id]);
                message.success(t('coupons.revoked', { code: coupon.code }));
              },
            }),
        },
      ],
    },
  });
  const columns: DataColumn<Coupon>[] = [
    ...declaredColumns<Coupon, typeof COUPON_COLUMNS>(COUPON_COLUMNS, t, i18n.language, {
      code: { ellipsis: false, render: (_, coupon) => <code>{coupon.code}</code> },
      value: { title: t('coupons.value'), render: (_, coupon) => couponValueText(t, i18n.language, coupon) },
      status: {
        render: (_, coupon) => (
          <Tag color={STATUS_COLORS[coupon.status]}>{t(`coupons.couponStatuses.${coupon.status}`)}</Tag>
        ),
      },
      discount: {
        render: (_, coupon) =>
          coupon.status === 'USED' || coupon.status === 'LOCKED'
            ? formatFen(coupon.discountAmount, i18n.language)
            : '—',
      },
    }),
    ...actions,
  ];
  return (
    <>
      <SearchBar<CouponFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('coupons.search')}>
          <Input placeholder={t('coupons.couponSearch')} allowClear style={{ width: 210 }} />
        </Form.Item>
        <Form.Item name="status" label={t('coupons.status')}>
          <EnumSelect values={COUPON_STATUSES} labelOf={(value) => t(`coupons.couponStatuses.${value}`)} width={130} />
        </Form.Item>
      </SearchBar>
      <DataTable<Coupon, CouponFilters>
        tableId="coupons-issued"
        label={t('coupons.issuedLabel')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(coupon) => coupon.id}
        exportTo={{ route: 'GET /api/coupons/download', name: 'coupons' }}
      />
    </>
  );
}
