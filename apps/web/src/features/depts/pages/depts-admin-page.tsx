import { PlusOutlined } from '@ant-design/icons';
import { DEPT_COLUMNS, type Dept } from '@water/contract/depts';
import { deptsLocales } from '@water/contract/texts/depts';
import { Card, Form, Input } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptLevelQuery } from '@/components/dept-tree/get-dept-level.ts';
import { DictSelect } from '@/components/dict-select.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { CreatedBetween } from '@/components/list/created-between.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { type StatusSearch, statusFilters } from '@/components/list/list-params.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { type Nested, subtreeIds } from '@/components/tree/lazy-tree.ts';
import { useTreeTable } from '@/components/tree/use-tree-table.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle, useSeededText } from '@/lib/menu-title.ts';
import { useDeleteDepts } from '../api/delete-depts.ts';
import { useDepts } from '../api/get-depts.ts';
import { type DeptDialog, DeptForm } from '../components/dept-form.tsx';

addPageTexts('depts', deptsLocales);

/** The filters of `GET /api/dept`, as the contract declares them. */
type DeptFilters = ListFilters<'GET /api/dept'>;

type DialogState = Omit<DeptDialog, 'close'>;

/** `system/dept/index`: the department tree, level by level, with its status and order. */
export function DeptsAdminPage() {
  const { t, i18n } = useTranslation();
  const seeded = useSeededText();
  const menuTitle = useMenuTitle();
  // By their sort field unless the user sorts otherwise.
  const list = useListState<DeptFilters>({ initialFilters: {}, defaultSort: ['deptSort,asc'] });
  const query = useDepts(list.params);
  const levelQuery = useCallback((pid: number) => deptLevelQuery(pid, false), []);
  const tree = useTreeTable(list, query, levelQuery);
  const [dialog, setDialog] = useState<DialogState>({ open: false, session: 0, excluded: [] });
  const remove = useDeleteDepts();

  const openDialog = (next: Omit<DialogState, 'open' | 'session'>) =>
    setDialog((previous) => ({ ...next, open: true, session: previous.session + 1 }));

  const bulk = useBulkDelete<Nested<Dept>>({
    allow: 'dept:del',
    rowKey: (dept) => dept.id,
    warning: t('depts.deleteWarning'),
    run: (depts) => remove.mutateAsync(depts.map((dept) => dept.id)),
  });
  const actions = useActionsColumn<Nested<Dept>>({
    nameOf: (dept) => seeded(dept.name),
    edit: { allow: 'dept:edit', onClick: (dept) => openDialog({ dept, excluded: subtreeIds(tree.rows, dept.id) }) },
    remove: { allow: 'dept:del', warning: t('depts.deleteWarning'), run: (dept) => remove.mutateAsync([dept.id]) },
    extra: {
      allow: ['dept:add'],
      actions: (dept) => [
        {
          key: 'add-child',
          label: t('depts.addChild'),
          icon: <PlusOutlined aria-hidden />,
          allow: 'dept:add',
          onClick: () => openDialog({ parentId: dept.id, excluded: [] }),
        },
      ],
    },
    width: 130,
  });

  const columns: DataColumn<Nested<Dept>>[] = [
    ...declaredColumns<Nested<Dept>, typeof DEPT_COLUMNS>(DEPT_COLUMNS, t, i18n.language, {
      name: { render: (_, dept) => seeded(dept.name) },
      enabled: { render: (_, dept) => <StatusTag dict="dept_status" enabled={dept.enabled} /> },
    }),
    ...actions,
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Departments')} />
      <SearchBar<StatusSearch<DeptFilters>>
        onSearch={(values) => tree.search(statusFilters(values))}
        onReset={tree.reset}
      >
        <Form.Item name="name" label={t('depts.name')}>
          <Input placeholder={t('depts.namePlaceholder')} allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('depts.status')}>
          <DictSelect dict="dept_status" allowClear style={{ width: 120 }} />
        </Form.Item>
        <CreatedBetween label={t('list.createdBetween')} />
      </SearchBar>
      <DataTable<Nested<Dept>, DeptFilters>
        tableId="depts"
        label={t('depts.label')}
        columns={columns}
        list={list}
        query={tree.query}
        rows={tree.rows}
        rowKey={(dept) => dept.id}
        exportTo={{ route: 'GET /api/dept/download', name: 'departments' }}
        tableProps={{ rowSelection: bulk.rowSelection, expandable: tree.expandable }}
        actions={
          <>
            <AddButton allow="dept:add" onClick={() => openDialog({ excluded: [] })} />
            {bulk.button}
          </>
        }
      />
      <DeptForm dialog={{ ...dialog, close: () => setDialog((previous) => ({ ...previous, open: false })) }} />
    </Card>
  );
}
