import { DICT_COLUMNS, type Dict, type DictEntryRow } from '@water/contract/dicts';
import { dictsLocales } from '@water/contract/texts/dicts';
import { Card, Col, Empty, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useChosenRow } from '@/components/list/use-chosen-row.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle, useSeededText } from '@/lib/menu-title.ts';
import { useDeleteDicts } from '../api/delete-dicts.ts';
import { useDicts } from '../api/get-dicts.ts';
import { DictDetailsPanel } from '../components/dict-details-panel.tsx';
import { DictForm } from '../components/dict-form.tsx';

addPageTexts('dicts', dictsLocales);

/** The filters of `GET /api/dict`, as the contract declares them. */
type DictFilters = ListFilters<'GET /api/dict'>;

/** `system/dict/index`: dictionaries on the left, the entries of the chosen one on the right. */
export function DictsAdminPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const seeded = useSeededText();
  const list = useListState<DictFilters>({ initialFilters: {} });
  const query = useDicts(list.params);
  const dialog = useFormDialog<Dict>();
  const remove = useDeleteDicts();
  const choice = useChosenRow<Dict>({
    rowKey: (dict) => dict.id,
    label: (dict) => t('dicts.choose', { name: dict.name }),
    title: t('dicts.entries'),
  });
  const { chosen, setChosen } = choice;
  const selectedId = chosen?.id;
  // The row as last fetched, so an edited name shows on the right at once; kept when paging away.
  const selected = query.data?.content.find((dict) => dict.id === selectedId) ?? chosen;

  const bulk = useBulkDelete<Dict>({
    allow: 'dict:del',
    rowKey: (dict) => dict.id,
    warning: t('dicts.deleteWarning'),
    run: async (dicts) => {
      await remove.mutateAsync(dicts.map((dict) => dict.id));
      if (dicts.some((dict) => dict.id === selectedId)) setChosen(undefined);
    },
  });
  const actions = useActionsColumn<Dict>({
    nameOf: (dict) => dict.name,
    edit: { allow: 'dict:edit', onClick: dialog.openEdit },
    remove: {
      allow: 'dict:del',
      warning: t('dicts.deleteWarning'),
      run: async (dict) => {
        await remove.mutateAsync([dict.id]);
        if (dict.id === selectedId) setChosen(undefined);
      },
    },
  });
  const columns: DataColumn<Dict>[] = [
    choice.column,
    ...declaredColumns<DictEntryRow, typeof DICT_COLUMNS>(DICT_COLUMNS, t, i18n.language, {
      description: { render: (_, dict) => seeded(dict.description ?? '') },
    }),
    ...actions,
  ];

  return (
    <Row gutter={[16, 16]}>
      <PageHeading title={menuTitle('Dictionaries')} />
      <Col xs={24} xl={14}>
        <Card variant="borderless" title={t('dicts.label')}>
          <SearchBar<DictFilters> onSearch={list.search} onReset={list.reset}>
            <Form.Item name="blurry">
              <Input
                placeholder={t('dicts.searchPlaceholder')}
                aria-label={t('dicts.searchPlaceholder')}
                allowClear
                style={{ width: 200 }}
              />
            </Form.Item>
          </SearchBar>
          <DataTable<Dict, DictFilters>
            tableId="dicts"
            label={t('dicts.label')}
            columns={columns}
            list={list}
            query={query}
            rowKey={(dict) => dict.id}
            exportTo={{ route: 'GET /api/dict/download', name: 'dicts' }}
            tableProps={{ rowSelection: bulk.rowSelection, onRow: choice.onRow, rowClassName: choice.rowClassName }}
            actions={
              <>
                <AddButton allow="dict:add" onClick={dialog.openCreate} />
                {bulk.button}
              </>
            }
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card
          variant="borderless"
          title={selected ? t('dicts.detailsLabel', { name: selected.name }) : t('dicts.entries')}
        >
          {selected ? (
            <DictDetailsPanel key={selected.id} dict={selected} />
          ) : (
            <Empty description={t('dicts.chooseHint')} />
          )}
        </Card>
      </Col>
      <DictForm dialog={dialog} />
    </Row>
  );
}
