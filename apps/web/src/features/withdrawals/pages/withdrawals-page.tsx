import { AuditOutlined, BankOutlined, EyeOutlined } from '@ant-design/icons';
import { allows } from '@water/contract/state-machine';
import { withdrawalsLocales } from '@water/contract/texts/withdrawals';
import {
  type AgentBalance,
  WITHDRAWAL_PERMISSIONS as P,
  WITHDRAWAL_COLUMNS,
  WITHDRAWAL_STATE_MACHINE,
  WITHDRAWAL_STATES,
  type Withdrawal,
} from '@water/contract/withdrawals';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EntityFilter } from '@/components/list/entity-filter.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { type UrlFilterReaders, urlFilter, useUrlFilters } from '@/components/list/url-filters.ts';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useDetailAddress } from '@/components/list/use-detail-address.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { usePermission } from '@/components/permission.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useSession } from '@/lib/session.ts';
import { useWithdrawals, useWithdrawalTotals, WITHDRAWAL_AGENTS } from '../api/withdrawals.ts';
import { BalanceCards } from '../components/balance-cards.tsx';
import { PayoutForm } from '../components/payout-form.tsx';
import { RequestForm } from '../components/request-form.tsx';
import { ReviewForm } from '../components/review-form.tsx';
import { WithdrawalDetail } from '../components/withdrawal-detail.tsx';
import { WithdrawalStateTag } from '../components/withdrawal-state-tag.tsx';
import { WithdrawalTotals } from '../components/withdrawal-totals.tsx';

addPageTexts('withdrawals', withdrawalsLocales);

/** The filters of `GET /api/withdrawals`, as the contract declares them. */
type WithdrawalFilters = ListFilters<'GET /api/withdrawals'>;

/** The filters an address may give the list (`/finance/withdrawals?state=REQUESTED&agentId=3`). */
const URL_FILTERS: UrlFilterReaders<Omit<WithdrawalFilters, 'createTime'>> = {
  blurry: urlFilter.text,
  agentId: urlFilter.id,
  state: urlFilter.oneOf(WITHDRAWAL_STATES),
};

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);

/** A dialog's subject and how many times one was opened (each opening starts a fresh form). */
interface Dialog<T> {
  subject?: T;
  session: number;
}
const opening =
  <T,>(subject: T) =>
  (previous: Dialog<T>): Dialog<T> => ({ subject, session: previous.session + 1 });
const closing = <T,>(previous: Dialog<T>): Dialog<T> => ({ ...previous, subject: undefined });

/**
 * `finance/withdrawal/index`: agents' staff see their agents' balances and ask for withdrawals;
 * finance reviews the requests (the queue first) and pays out the approved ones; everyone sees
 * the withdrawals within their reach, each with its timeline.
 */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const can = usePermission();
  const username = useSession((state) => state.user?.username);
  const fromAddress = useUrlFilters(URL_FILTERS);
  const list = useListState<WithdrawalFilters>({ initialFilters: fromAddress });
  const query = useWithdrawals(list.params);
  const { page: _page, size: _size, sort: _sort, ...filters } = list.params;
  const totals = useWithdrawalTotals(filters);
  const detail = useDetailAddress('withdrawal', isId);
  const [requesting, setRequesting] = useState<Dialog<AgentBalance>>({ session: 0 });
  const [reviewing, setReviewing] = useState<Dialog<Withdrawal>>({ session: 0 });
  const [paying, setPaying] = useState<Dialog<Withdrawal>>({ session: 0 });
  // The state table decides what may happen; nobody reviews or pays out their own request.
  const open = (withdrawal: Withdrawal, event: 'APPROVE' | 'PAY') =>
    allows(WITHDRAWAL_STATE_MACHINE, withdrawal.state, event) && withdrawal.requestedBy !== username;
  const actions = useActionsColumn<Withdrawal>({
    nameOf: (withdrawal) => withdrawal.withdrawalNo,
    width: 130,
    extra: {
      allow: [P.list],
      actions: (withdrawal) => [
        {
          key: 'detail',
          label: t('withdrawals.details'),
          icon: <EyeOutlined aria-hidden />,
          allow: P.list,
          onClick: () => detail.open(String(withdrawal.id)),
        },
        {
          key: 'review',
          label: t('withdrawals.review'),
          icon: <AuditOutlined aria-hidden />,
          allow: P.review,
          disabled: !open(withdrawal, 'APPROVE'),
          onClick: () => setReviewing(opening(withdrawal)),
        },
        {
          key: 'payout',
          label: t('withdrawals.payout'),
          icon: <BankOutlined aria-hidden />,
          allow: P.pay,
          disabled: !open(withdrawal, 'PAY'),
          onClick: () => setPaying(opening(withdrawal)),
        },
      ],
    },
  });
  const columns: DataColumn<Withdrawal>[] = [
    ...declaredColumns<Withdrawal, typeof WITHDRAWAL_COLUMNS>(WITHDRAWAL_COLUMNS, t, i18n.language, {
      withdrawalNo: {
        ellipsis: false,
        render: (_, withdrawal) => (
          <Button type="link" size="small" style={{ padding: 0 }} onClick={() => detail.open(String(withdrawal.id))}>
            {withdrawal.withdrawalNo}
          </Button>
        ),
      },
      state: { render: (_, withdrawal) => <WithdrawalStateTag state={withdrawal.state} /> },
    }),
    ...actions,
  ];
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Withdrawals')} />
      {can([P.add]) && <BalanceCards onRequest={(agent) => setRequesting(opening(agent))} />}
      <SearchBar<WithdrawalFilters> initialValues={fromAddress} onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('withdrawals.search')}>
          <Input placeholder={t('withdrawals.searchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
        <EntityFilter
          name="agentId"
          label={t('withdrawals.agent')}
          entity={WITHDRAWAL_AGENTS}
          all={t('withdrawals.all')}
        />
        <Form.Item name="state" label={t('withdrawals.state')}>
          <EnumSelect values={WITHDRAWAL_STATES} labelOf={(value) => t(`withdrawals.states.${value}`)} width={140} />
        </Form.Item>
        <Form.Item name="createTime" label={t('withdrawals.period')}>
          <DateRangePicker placeholder={[t('list.dateFrom'), t('list.dateTo')]} />
        </Form.Item>
      </SearchBar>
      <DataTable<Withdrawal, WithdrawalFilters>
        tableId="withdrawals"
        label={t('withdrawals.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(withdrawal) => withdrawal.id}
        exportTo={{ route: 'GET /api/withdrawals/download', name: 'withdrawals' }}
      />
      <WithdrawalTotals totals={totals.data} />
      <WithdrawalDetail id={detail.shown === undefined ? undefined : Number(detail.shown)} onClose={detail.close} />
      <RequestForm agent={requesting.subject} session={requesting.session} onClose={() => setRequesting(closing)} />
      <ReviewForm withdrawal={reviewing.subject} session={reviewing.session} onClose={() => setReviewing(closing)} />
      <PayoutForm withdrawal={paying.subject} session={paying.session} onClose={() => setPaying(closing)} />
    </Card>
  );
}
