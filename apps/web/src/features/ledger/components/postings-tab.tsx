import { type LedgerPosting, POSTING_KINDS, POSTING_RANGE_MAX_DAYS, type PostingKind } from '@water/contract/ledger';
import { LEDGER_POSTING_COLUMNS } from '@water/contract/ledger-columns';
import { asFen } from '@water/contract/money';
import { Form } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import type { DayRange } from '@/components/list/date-range.ts';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EntityFilter } from '@/components/list/entity-filter.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useLedgerPostings } from '../api/ledger-postings.ts';
import { LEDGER_AGENTS } from '../api/statement-agents.ts';
import { PostingEntries } from './posting-entries.tsx';

type PostingFilters = ListFilters<'GET /api/ledger/postings'>;
/** The search bar's values: the span of days as its picker holds it. */
type PostingSearch = { day?: DayRange; kind?: PostingKind; agentId?: number };

/** The last seven days, today included: what the list shows first. */
const lastWeek = (): [dayjs.Dayjs, dayjs.Dayjs] => [dayjs().subtract(6, 'day'), dayjs()];
const daysOf = ([from, to]: [dayjs.Dayjs, dayjs.Dayjs]): [string, string] => [
  from.format('YYYY-MM-DD'),
  to.format('YYYY-MM-DD'),
];

/** What a posting moved: the sum of its debits, which its credits equal. */
const movedBy = (posting: LedgerPosting) =>
  asFen(posting.entries.reduce((total, entry) => total + Math.max(entry.amount, 0), 0));

/** The postings of a span of days (of a kind, of an agent); each opens to show its entries. */
export function PostingsTab() {
  const { t, i18n } = useTranslation();
  const [initialRange] = useState(lastWeek);
  const list = useListState<PostingFilters>({ initialFilters: { day: daysOf(initialRange) }, defaultSize: 20 });
  const query = useLedgerPostings(list.params);
  const search = ({ day, ...rest }: PostingSearch) => {
    const [from, to] = day ?? [];
    list.search({ ...rest, day: from && to ? daysOf([from, to]) : daysOf(initialRange) });
  };
  const columns: DataColumn<LedgerPosting>[] = declaredColumns<LedgerPosting, typeof LEDGER_POSTING_COLUMNS>(
    LEDGER_POSTING_COLUMNS,
    t,
    i18n.language,
    {
      subject: { render: (_, posting) => <code>{posting.subject}</code> },
      items: { align: 'right' },
      amount: { align: 'right', render: (_, posting) => formatFen(movedBy(posting), i18n.language) },
    },
  );
  return (
    <>
      <SearchBar<PostingSearch>
        initialValues={{ day: initialRange }}
        onSearch={search}
        onReset={list.reset}
        mainField="day"
      >
        <Form.Item
          name="day"
          label={t('ledger.days')}
          rules={[
            { required: true, message: t('ledger.daysRule', { days: POSTING_RANGE_MAX_DAYS }) },
            {
              validator: async (_, range: DayRange) => {
                const [from, to] = range ?? [];
                if (from && to && to.diff(from, 'day') >= POSTING_RANGE_MAX_DAYS) {
                  throw new Error(t('ledger.daysRule', { days: POSTING_RANGE_MAX_DAYS }));
                }
              },
            },
          ]}
        >
          <DateRangePicker allowClear={false} placeholder={[t('list.dateFrom'), t('list.dateTo')]} />
        </Form.Item>
        <Form.Item name="kind" label={t('ledger.kind')}>
          <EnumSelect
            values={POSTING_KINDS}
            labelOf={(kind) => t(`ledger.kinds.${kind}`)}
            placeholder={t('ledger.allKinds')}
            width={180}
          />
        </Form.Item>
        <EntityFilter name="agentId" label={t('ledger.agent')} entity={LEDGER_AGENTS} all={t('list.all')} />
      </SearchBar>
      <DataTable<LedgerPosting, PostingFilters>
        tableId="ledger-postings"
        label={t('ledger.postings')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(posting) => posting.id}
        tableProps={{ expandable: { expandedRowRender: (posting) => <PostingEntries posting={posting} /> } }}
      />
    </>
  );
}
