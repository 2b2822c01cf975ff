import { FILTER_PERMISSIONS as P } from '@water/contract/filters';
import { filtersLocales } from '@water/contract/texts/filters';
import { workOrdersLocales } from '@water/contract/texts/work-orders';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { usePermission } from '@/components/permission.tsx';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { type ScheduleFilters, ScheduleSearch, ScheduleTable } from '../components/schedule-list.tsx';
import { StagesEditor } from '../components/stages-editor.tsx';

addPageTexts('filters', filtersLocales);
addPageTexts('workOrders', workOrdersLocales);

/** `field/filters/index`: each machine's filter stages, due first; the models' stages for those who edit them. */
export function FilterSchedulePage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const can = usePermission();
  const list = useListState<ScheduleFilters>({ initialFilters: {} });
  const schedule = {
    key: 'schedule',
    label: t('filters.scheduleTab'),
    children: (
      <>
        <ScheduleSearch list={list} />
        <ScheduleTable list={list} />
      </>
    ),
  };
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Filters')} />
      <Tabs
        items={
          can([P.edit])
            ? [schedule, { key: 'stages', label: t('filters.stagesTab'), children: <StagesEditor /> }]
            : [schedule]
        }
      />
    </Card>
  );
}
