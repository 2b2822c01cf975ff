import { asFen } from '@water/contract/money';
import { SITE_COLUMNS, SITE_PERMISSIONS, SITE_STATUSES, SITE_TYPE_DICT, type Site } from '@water/contract/sites';
import { sitesLocales } from '@water/contract/texts/sites';
import { Card, Flex, Form, Input, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictLabel } from '@/components/dict-label.tsx';
import { DictSelect } from '@/components/dict-select.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { NameCell } from '@/components/list/name-cell.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { periodFigureCells } from '@/components/period-figures.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useDeleteSites, useSites } from '../api/sites.ts';
import { SiteDetail } from '../components/site-detail.tsx';
import { SiteForm } from '../components/site-form.tsx';
import { sharePercent } from '../components/site-form-values.ts';
import { SitesStatus } from '../components/sites-status.tsx';

addPageTexts('sites', sitesLocales);

/** The filters of `GET /api/sites`, as the contract declares them. */
type SiteFilters = ListFilters<'GET /api/sites'>;

/** `business/site/index`: where the machines of the agents in reach stand. */
export function SitesPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<SiteFilters>({ initialFilters: {} });
  const [view, setView] = useState<'LIST' | 'STATUS'>('LIST');
  const [shown, setShown] = useState<Site>();
  const query = useSites(list.params);
  const { page: _page, size: _size, sort: _sort, ...searchFilters } = list.params;
  const dialog = useFormDialog<Site>();
  const remove = useDeleteSites();
  const warning = t('sites.deleteWarning');
  const bulk = useBulkDelete<Site>({
    allow: SITE_PERMISSIONS.del,
    rowKey: (site) => site.id,
    warning,
    run: (sites) => remove.mutateAsync(sites.map((site) => site.id)),
    disabled: (site) => site.machines > 0,
  });
  const actions = useActionsColumn<Site>({
    nameOf: (site) => site.name,
    edit: { allow: SITE_PERMISSIONS.edit, onClick: dialog.openEdit },
    remove: { allow: SITE_PERMISSIONS.del, warning, run: (site) => remove.mutateAsync([site.id]) },
  });
  const columns: DataColumn<Site>[] = [
    ...declaredColumns<Site, typeof SITE_COLUMNS>(SITE_COLUMNS, t, i18n.language, {
      // The site, and beneath it its type.
      name: {
        ellipsis: false,
        render: (_, site) => (
          <NameCell
            name={site.name}
            label={t('sites.details', { name: site.name })}
            onOpen={() => setShown(site)}
            note={<DictLabel dict={SITE_TYPE_DICT} value={site.type} />}
          />
        ),
      },
      place: {
        render: (_, site) => (
          <>
            {[site.city, site.district].filter(Boolean).join(' ')}
            {site.city || site.district ? ' · ' : ''}
            <Typography.Text type="secondary">{site.address}</Typography.Text>
          </>
        ),
      },
      fee: {
        align: 'right',
        render: (_, site) =>
          site.feeType === 'SHARE'
            ? t('sites.shareOf', { percent: sharePercent(site.feeValue) })
            : t('sites.rentOf', { amount: formatFen(asFen(site.feeValue), i18n.language) }),
      },
      machines: { align: 'right' },
      ...periodFigureCells<Site>(),
      status: {
        render: (_, site) => (
          <Tag color={site.status === 'ACTIVE' ? 'success' : 'default'}>{t(`sites.statuses.${site.status}`)}</Tag>
        ),
      },
    }),
    ...actions,
  ];
  return (
    <Card variant="borderless">
      <Flex justify="flex-end" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <PageHeading title={menuTitle('Sites')} />
        <Segmented<'LIST' | 'STATUS'>
          aria-label={t('sites.view')}
          value={view}
          onChange={setView}
          options={[
            { value: 'LIST', label: t('sites.views.LIST') },
            { value: 'STATUS', label: t('sites.views.STATUS') },
          ]}
        />
      </Flex>
      <SearchBar<SiteFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('sites.search')}>
          <Input placeholder={t('sites.searchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="type" label={t('sites.type')}>
          <DictSelect dict={SITE_TYPE_DICT} allowClear placeholder={t('sites.all')} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="status" label={t('sites.status')}>
          <EnumSelect values={SITE_STATUSES} labelOf={(value) => t(`sites.statuses.${value}`)} width={110} />
        </Form.Item>
      </SearchBar>
      {view === 'STATUS' ? (
        <SitesStatus filters={searchFilters} />
      ) : (
        <DataTable<Site, SiteFilters>
          tableId="sites"
          label={t('sites.label')}
          columns={columns}
          list={list}
          query={query}
          rowKey={(site) => site.id}
          exportTo={{ route: 'GET /api/sites/download', name: 'sites' }}
          tableProps={{ rowSelection: bulk.rowSelection }}
          actions={
            <>
              <AddButton allow={SITE_PERMISSIONS.add} onClick={dialog.openCreate} />
              {bulk.button}
            </>
          }
        />
      )}
      <SiteForm dialog={dialog} />
      <SiteDetail site={shown} onClose={() => setShown(undefined)} />
    </Card>
  );
}
