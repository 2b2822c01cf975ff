import { PlusOutlined } from '@ant-design/icons';
import { MENU_COLUMNS, MENU_TYPE_BUTTON, type Menu } from '@water/contract/menus';
import { menusLocales } from '@water/contract/texts/menus';
import { Card, Flex, Form, Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { type Nested, subtreeIds } from '@/components/tree/lazy-tree.ts';
import { useTreeTable } from '@/components/tree/use-tree-table.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { MenuIcon } from '@/lib/menu-icons.tsx';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { useDeleteMenus } from '../api/delete-menus.ts';
import { menuChildrenQuery } from '../api/get-menu-children.ts';
import { useMenus } from '../api/get-menus.ts';
import { type MenuDialog, MenuForm } from '../components/menu-form.tsx';

addPageTexts('menus', menusLocales);

/** The filters of `GET /api/menus`, as the contract declares them. */
type MenuFilters = ListFilters<'GET /api/menus'>;

type DialogState = Omit<MenuDialog, 'close'>;

function Flag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Tag color={on ? 'processing' : 'default'}>{on ? yes : no}</Tag>;
}

/** `system/menu/index`: the menu tree (directories, pages, buttons) that roles are built from. */
export function MenusAdminPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  // By their sort field, as the sidebar orders them, unless the user sorts otherwise.
  const list = useListState<MenuFilters>({ initialFilters: {}, paged: false, defaultSort: ['menuSort,asc'] });
  const query = useMenus(list.params);
  const tree = useTreeTable(list, query, menuChildrenQuery);
  const [dialog, setDialog] = useState<DialogState>({ open: false, session: 0, excluded: [] });
  const remove = useDeleteMenus();

  const openDialog = (next: Omit<DialogState, 'open' | 'session'>) =>
    setDialog((previous) => ({ ...next, open: true, session: previous.session + 1 }));
  const yes = t('menus.yes');
  const no = t('menus.no');

  const bulk = useBulkDelete<Nested<Menu>>({
    allow: 'menu:del',
    rowKey: (menu) => menu.id,
    warning: t('menus.deleteWarning'),
    run: (menus) => remove.mutateAsync(menus.map((menu) => menu.id)),
  });
  const actions = useActionsColumn<Nested<Menu>>({
    nameOf: (menu) => menuTitle(menu.title),
    edit: { allow: 'menu:edit', onClick: (menu) => openDialog({ menu, excluded: subtreeIds(tree.rows, menu.id) }) },
    remove: {
      allow: 'menu:del',
      warning: (menu) => (menu.hasChildren ? t('menus.deleteWarning') : t('menus.deleteLeafWarning')),
      run: (menu) => remove.mutateAsync([menu.id]),
    },
    extra: {
      allow: ['menu:add'],
      actions: (menu) =>
        menu.type === MENU_TYPE_BUTTON
          ? []
          : [
              {
                key: 'add-child',
                label: t('menus.addChild'),
                icon: <PlusOutlined aria-hidden />,
                allow: 'menu:add',
                onClick: () => openDialog({ parentId: menu.id, excluded: [] }),
              },
            ],
    },
    width: 130,
    fixed: 'right',
  });

  const flag = (on: boolean) => <Flag on={on} yes={yes} no={no} />;
  const columns: DataColumn<Nested<Menu>>[] = [
    ...declaredColumns<Nested<Menu>, typeof MENU_COLUMNS>(MENU_COLUMNS, t, i18n.language, {
      title: {
        ellipsis: false,
        render: (_, menu) => (
          <Flex gap={8} align="center" component="span">
            {menu.type !== MENU_TYPE_BUTTON && <MenuIcon name={menu.icon} />}
            {/* Seeded titles as the sidebar shows them; a title staff typed as typed. */}
            {menuTitle(menu.title)}
          </Flex>
        ),
      },
      iFrame: { render: (_, menu) => flag(menu.iFrame) },
      cache: { render: (_, menu) => flag(menu.cache) },
      hidden: { render: (_, menu) => flag(menu.hidden) },
    }),
    ...actions,
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Menus')} />
      <SearchBar<MenuFilters> onSearch={tree.search} onReset={tree.reset}>
        <Form.Item name="blurry" label={t('menus.searchLabel')}>
          <Input placeholder={t('menus.searchPlaceholder')} allowClear style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <DataTable<Nested<Menu>, MenuFilters>
        tableId="menus"
        label={t('menus.label')}
        columns={columns}
        list={list}
        query={tree.query}
        rows={tree.rows}
        rowKey={(menu) => menu.id}
        exportTo={{ route: 'GET /api/menus/download', name: 'menus' }}
        tableProps={{ rowSelection: bulk.rowSelection, expandable: tree.expandable }}
        actions={
          <>
            <AddButton allow="menu:add" onClick={() => openDialog({ excluded: [] })} />
            {bulk.button}
          </>
        }
      />
      <MenuForm dialog={{ ...dialog, close: () => setDialog((previous) => ({ ...previous, open: false })) }} />
    </Card>
  );
}
