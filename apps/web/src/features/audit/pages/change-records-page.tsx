import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES, CHANGE_RECORD_COLUMNS, type ChangeRecord } from '@water/contract/audit';
import { auditLocales } from '@water/contract/texts/audit';
import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangeDiff } from '@/components/change-history/change-history-view.tsx';
import { DateRangePicker } from '@/components/date-range-picker.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { type DayRange, timeRangeFilter } from '@/components/list/date-range.ts';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useChangeRecords } from '../api/get-change-records.ts';

addPageTexts('audit', auditLocales);

type ChangeFilters = ListFilters<'GET /api/audit'>;

/**
 * `monitor/audit/index`: every change to money and configuration, searched by time, record, user
 * and action and exported as searched; each row opens its values before and after.
 */
export function ChangeRecordsPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<ChangeFilters>({ initialFilters: {} });
  const query = useChangeRecords(list.params);
  // The picker holds two moments; the list and its export search between them, minutes included.
  const search = (values: ChangeFilters) =>
    list.search({ ...values, at: timeRangeFilter(values.at as unknown as DayRange) });
  const columns: DataColumn<ChangeRecord>[] = declaredColumns<ChangeRecord, typeof CHANGE_RECORD_COLUMNS>(
    CHANGE_RECORD_COLUMNS,
    t,
    i18n.language,
    { username: { render: (_, record) => record.username ?? t('audit.system') } },
  );
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Change records')} />
      <SearchBar<ChangeFilters> onSearch={search} onReset={list.reset}>
        <Form.Item name="at" label={t('audit.period')}>
          <DateRangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder={[t('list.dateFrom'), t('list.dateTo')]}
          />
        </Form.Item>
        <Form.Item name="recordType" label={t('audit.recordType')}>
          <EnumSelect values={AUDIT_RECORD_TYPES} labelOf={(value) => t(`audit.recordTypes.${value}`)} width={150} />
        </Form.Item>
        <Form.Item name="recordId" label={t('audit.recordId')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="username" label={t('audit.user')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="action" label={t('audit.action')}>
          <EnumSelect values={AUDIT_ACTIONS} labelOf={(value) => t(`audit.actions.${value}`)} width={140} />
        </Form.Item>
      </SearchBar>
      <DataTable<ChangeRecord, ChangeFilters>
        tableId="change-records"
        label={t('audit.title')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(record) => record.id}
        exportTo={{ route: 'GET /api/audit/download', name: 'change-records' }}
        tableProps={{
          expandable: {
            expandedRowRender: (record) => (
              <div style={{ maxWidth: 'min(900px, calc(100vw - 96px))' }}>
                <ChangeDiff change={record} />
              </div>
            ),
          },
        }}
      />
    </Card>
  );
}
