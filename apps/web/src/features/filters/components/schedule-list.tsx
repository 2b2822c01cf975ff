import {
  FILTER_SCHEDULE_COLUMNS,
  FILTER_STATES,
  type FilterScheduleRow,
  FILTER_PERMISSIONS as P,
} from '@water/contract/filters';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIVE_AGENTS } from '@/components/agents/agent-entities.ts';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EntityFilter } from '@/components/list/entity-filter.tsx';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import type { ListController } from '@/components/list/use-list-state.ts';
import { Permission } from '@/components/permission.tsx';
import { SITES } from '@/components/sites/site-entities.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useFilterSchedule, useRunSchedule } from '../api/filter-schedule.ts';
import { FilterStateTag, RemainingBar } from './filter-state-tag.tsx';

export type ScheduleFilters = ListFilters<'GET /api/filters/schedule'>;

/** The schedule's search: machine, state, agent and site. */
export function ScheduleSearch({ list }: { list: ListController<ScheduleFilters> }) {
  const { t } = useTranslation();
  return (
    <SearchBar<ScheduleFilters> onSearch={list.search} onReset={list.reset}>
      <Form.Item name="blurry" label={t('filters.machine')}>
        <Input placeholder={t('filters.search')} allowClear style={{ width: 170 }} />
      </Form.Item>
      <Form.Item name="state" label={t('filters.state')}>
        <EnumSelect values={FILTER_STATES} labelOf={(value) => t(`filters.states.${value}`)} width={130} />
      </Form.Item>
      <EntityFilter name="agentId" label={t('filters.agent')} entity={ACTIVE_AGENTS} all={t('workOrders.all')} />
      <EntityFilter name="siteId" label={t('filters.site')} entity={SITES} all={t('workOrders.all')} />
    </SearchBar>
  );
}

/** Each machine's stages, due first, with "run now" for those who may. */
export function ScheduleTable({ list }: { list: ListController<ScheduleFilters> }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const query = useFilterSchedule(list.params);
  const runNow = useRunSchedule();
  const columns: DataColumn<FilterScheduleRow>[] = declaredColumns<FilterScheduleRow, typeof FILTER_SCHEDULE_COLUMNS>(
    FILTER_SCHEDULE_COLUMNS,
    t,
    i18n.language,
    {
      state: { render: (_, row) => <FilterStateTag state={row.state} /> },
      remainingPct: {
        render: (_, row) => (
          <RemainingBar
            pct={row.remainingPct}
            state={row.state}
            label={`${row.machineSerialNo} ${t(`filters.stages.${row.stage}`)}`}
          />
        ),
      },
    },
  );
  const run = () => runNow.mutate(undefined, { onSuccess: (result) => message.success(t('filters.ran', result)) });
  return (
    <DataTable<FilterScheduleRow, ScheduleFilters>
      tableId="filter-schedule"
      label={t('filters.label')}
      columns={columns}
      list={list}
      query={query}
      rowKey={(row) => `${row.machineId}-${row.stage}`}
      actions={
        <Permission allow={[P.edit]}>
          <Button type="primary" loading={runNow.isPending} onClick={run}>
            {t('filters.runNow')}
          </Button>
        </Permission>
      }
    />
  );
}
