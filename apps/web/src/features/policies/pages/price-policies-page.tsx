import {
  POLICY_PERMISSIONS,
  POLICY_SCOPES,
  POLICY_STATUSES,
  PRICE_POLICY_COLUMNS,
  type PricePolicy,
} from '@water/contract/price-policies';
import { policiesLocales } from '@water/contract/texts/policies';
import { Card, Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HISTORY_PERMISSION, useHistoryDrawer } from '@/components/change-history/history-drawer.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { EnumSelect } from '@/components/list/enum-select.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useDeletePolicies, usePolicies } from '../api/policies.ts';
import { PolicyForm } from '../components/policy-form.tsx';

addPageTexts('policies', policiesLocales);

/** The filters of `GET /api/price-policies`, as the contract declares them. */
type PolicyFilters = ListFilters<'GET /api/price-policies'>;

/** `business/policy/index`: what a litre costs, per channel, for the machines each policy covers. */
export function PricePoliciesPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const list = useListState<PolicyFilters>({ initialFilters: {} });
  const query = usePolicies(list.params);
  const dialog = useFormDialog<PricePolicy>();
  const remove = useDeletePolicies();
  const warning = t('policies.deleteWarning');
  const bulk = useBulkDelete<PricePolicy>({
    allow: POLICY_PERMISSIONS.del,
    rowKey: (policy) => policy.id,
    warning,
    run: (policies) => remove.mutateAsync(policies.map((policy) => policy.id)),
  });
  const history = useHistoryDrawer<PricePolicy>({
    recordType: 'price-policy',
    idOf: (policy) => policy.id,
    nameOf: (policy) => policy.name,
  });
  const actions = useActionsColumn<PricePolicy>({
    nameOf: (policy) => policy.name,
    edit: { allow: POLICY_PERMISSIONS.edit, onClick: dialog.openEdit },
    extra: { allow: [HISTORY_PERMISSION], actions: (policy) => [history.action(policy)] },
    remove: { allow: POLICY_PERMISSIONS.del, warning, run: (policy) => remove.mutateAsync([policy.id]) },
  });
  const columns: DataColumn<PricePolicy>[] = [
    ...declaredColumns<PricePolicy, typeof PRICE_POLICY_COLUMNS>(PRICE_POLICY_COLUMNS, t, i18n.language, {
      scope: {
        ellipsis: true,
        render: (_, policy) =>
          policy.scope === 'ALL'
            ? t('policies.scopeShort.ALL')
            : `${t(`policies.scopeShort.${policy.scope}`)}: ${policy.scopeName ?? policy.scopeId}`,
      },
      discount: { title: t('policies.discount'), render: (_, policy) => policy.discountPct },
      status: {
        render: (_, policy) => (
          <Tag color={policy.status === 'ACTIVE' ? 'success' : 'default'}>
            {t(`policies.statuses.${policy.status}`)}
          </Tag>
        ),
      },
    }),
    ...actions,
  ];
  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Price policies')} />
      <SearchBar<PolicyFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="blurry" label={t('policies.search')}>
          <Input placeholder={t('policies.searchPlaceholder')} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="scope" label={t('policies.scope')}>
          <EnumSelect values={POLICY_SCOPES} labelOf={(value) => t(`policies.scopeShort.${value}`)} width={150} />
        </Form.Item>
        <Form.Item name="status" label={t('policies.status')}>
          <EnumSelect values={POLICY_STATUSES} labelOf={(value) => t(`policies.statuses.${value}`)} width={110} />
        </Form.Item>
      </SearchBar>
      <DataTable<PricePolicy, PolicyFilters>
        tableId="price-policies"
        label={t('policies.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(policy) => policy.id}
        exportTo={{ route: 'GET /api/price-policies/download', name: 'price-policies' }}
        tableProps={{ rowSelection: bulk.rowSelection }}
        actions={
          <>
            <AddButton allow={POLICY_PERMISSIONS.add} onClick={dialog.openCreate} />
            {bulk.button}
          </>
        }
      />
      <PolicyForm dialog={dialog} />
      {history.drawer}
    </Card>
  );
}
