import type { Dict, DictDetail } from '@water/contract/dicts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { useSeededText } from '@/lib/menu-title.ts';
import { useDeleteDictDetail } from '../api/delete-dict-detail.ts';
import { type DictDetailFilters, useDictDetails } from '../api/get-dict-details.ts';
import { DictDetailForm } from './dict-detail-form.tsx';

/** The entries of the chosen dictionary: label, value and order. */
export function DictDetailsPanel({ dict }: { dict: Dict }) {
  const { t } = useTranslation();
  const list = useListState<DictDetailFilters>({ initialFilters: {} });
  const query = useDictDetails(dict.name, list.params);
  const dialog = useFormDialog<DictDetail>();
  const remove = useDeleteDictDetail();
  const seeded = useSeededText();

  const actions = useActionsColumn<DictDetail>({
    nameOf: (detail) => seeded(detail.label),
    edit: { allow: 'dict:edit', onClick: dialog.openEdit },
    remove: {
      allow: 'dict:del',
      warning: t('dicts.deleteEntryWarning'),
      run: (detail) => remove.mutateAsync(detail.id),
    },
  });
  const columns: DataColumn<DictDetail>[] = [
    // Seeded labels as every dropdown shows them; a label staff typed as typed.
    { key: 'label', title: t('dicts.entryLabel'), dataIndex: 'label', render: (label: string) => seeded(label) },
    { key: 'value', title: t('dicts.entryValue'), dataIndex: 'value' },
    { key: 'dictSort', title: t('dicts.entrySort'), dataIndex: 'dictSort', width: 90 },
    ...actions,
  ];

  return (
    <>
      <SearchBar<DictDetailFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="label" label={t('dicts.entryLabel')}>
          <Input placeholder={t('dicts.entryLabelPlaceholder')} allowClear style={{ width: 160 }} />
        </Form.Item>
      </SearchBar>
      <DataTable<DictDetail, DictDetailFilters>
        tableId="dict-details"
        label={t('dicts.detailsLabel', { name: dict.name })}
        columns={columns}
        list={list}
        query={query}
        rowKey={(detail) => detail.id}
        actions={<AddButton allow="dict:add" onClick={dialog.openCreate} />}
      />
      <DictDetailForm dict={dict} dialog={dialog} shown={query.data?.content ?? []} />
    </>
  );
}
