import { DEVICE_PERMISSIONS, type MachineModel } from '@water/contract/machines';
import { machinesLocales } from '@water/contract/texts/machines';
import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useDeleteModels, useMachineModels } from '../api/machines.ts';
import { ModelForm } from '../components/model-form.tsx';

addPageTexts('machines', machinesLocales);

/** The filters of `GET /api/machine-models`, as the contract declares them. */
type ModelFilters = ListFilters<'GET /api/machine-models'>;

/** `business/model/index`: the kinds of machine, what each dispenses and how it bills. */
export function MachineModelsPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<ModelFilters>({ initialFilters: {} });
  const query = useMachineModels(list.params);
  const dialog = useFormDialog<MachineModel>();
  const remove = useDeleteModels();
  const warning = t('machines.deleteModelWarning');
  const bulk = useBulkDelete<MachineModel>({
    allow: DEVICE_PERMISSIONS.del,
    rowKey: (model) => model.id,
    warning,
    run: (models) => remove.mutateAsync(models.map((model) => model.id)),
    disabled: (model) => model.machines > 0,
  });
  const actions = useActionsColumn<MachineModel>({
    nameOf: (model) => model.name,
    edit: { allow: DEVICE_PERMISSIONS.edit, onClick: dialog.openEdit },
    remove: { allow: DEVICE_PERMISSIONS.del, warning, run: (model) => remove.mutateAsync([model.id]) },
  });
  /** A column of one of the model's codes, shown by its label. */
  const labelColumn = (
    key: 'waterTypes' | 'billing',
    width: number,
    label: (model: MachineModel) => string,
  ): DataColumn<MachineModel> => ({ key, title: t(`machines.${key}`), width, render: (_, model) => label(model) });
  const columns: DataColumn<MachineModel>[] = [
    { key: 'code', title: t('machines.code'), dataIndex: 'code', sortField: 'code', width: 130 },
    { key: 'name', title: t('machines.name'), dataIndex: 'name', sortField: 'name', width: 220, ellipsis: true },
    { key: 'taps', title: t('machines.taps'), dataIndex: 'taps', width: 90, align: 'right' },
    labelColumn('waterTypes', 130, (model) => t(`machines.waters.${model.waterTypes}`)),
    { key: 'tankLitres', title: t('machines.tankLitres'), dataIndex: 'tankLitres', width: 100, align: 'right' },
    { key: 'outputLph', title: t('machines.outputLph'), dataIndex: 'outputLph', width: 110, align: 'right' },
    labelColumn('billing', 110, (model) => t(`machines.billings.${model.billing}`)),
    { key: 'machines', title: t('machines.machineCount'), dataIndex: 'machines', width: 100, align: 'right' },
    ...actions,
  ];
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Machine models')} />
      <SearchBar<ModelFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('machines.search')}>
          <Input placeholder={t('machines.modelSearchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <DataTable<MachineModel, ModelFilters>
        tableId="machine-models"
        label={t('machines.modelsLabel')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(model) => model.id}
        tableProps={{ rowSelection: bulk.rowSelection }}
        actions={
          <>
            <AddButton allow={DEVICE_PERMISSIONS.add} onClick={dialog.openCreate} />
            {bulk.button}
          </>
        }
      />
      <ModelForm dialog={dialog} />
    </Card>
  );
}
