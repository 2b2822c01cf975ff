import { ADMIN_PERMISSION } from '@water/contract/constants';
import { ROLE_COLUMNS, type Role } from '@water/contract/roles';
import { rolesLocales } from '@water/contract/texts/roles';
import { Card, Empty, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { HISTORY_PERMISSION, useHistoryDrawer } from '@/components/change-history/history-drawer.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { CreatedBetween } from '@/components/list/created-between.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useChosenRow } from '@/components/list/use-chosen-row.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { usePermission } from '@/components/permission.tsx';
import { useRoleLevel } from '@/components/roles/role-level.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle, useSeededText } from '@/lib/menu-title.ts';
import { useSession } from '@/lib/session.ts';
import { useDeleteRoles } from '../api/delete-roles.ts';
import { useRoles } from '../api/get-roles.ts';
import { RoleForm } from '../components/role-form.tsx';
import { RoleMenusPanel } from '../components/role-menus-panel.tsx';

addPageTexts('roles', rolesLocales);

/** The filters of `GET /api/roles`, as the contract declares them. */
type RoleFilters = ListFilters<'GET /api/roles'>;

/** `system/role/index`: roles, their level and data scope, and the menus and buttons each grants. */
export function RolesAdminPage() {
  const { t, i18n } = useTranslation();
  const seeded = useSeededText();
  const menuTitle = useMenuTitle();
  const can = usePermission();
  const list = useListState<RoleFilters>({ initialFilters: {}, defaultSort: ['level,asc'] });
  const query = useRoles(list.params);
  const level = useRoleLevel();
  const dialog = useFormDialog<Role>();
  const remove = useDeleteRoles();
  const choice = useChosenRow<Role>({
    rowKey: (role) => role.id,
    label: (role) => t('roles.choose', { name: seeded(role.name) }),
    title: t('roles.menus'),
  });
  const { chosen, setChosen } = choice;
  const selected = query.data?.content.find((role) => role.id === chosen?.id) ?? chosen;
  // Only an administrator changes a role it holds or one at or above its own level; anybody
  // else can look at those, not change them (the server checks too).
  const administrator = can([ADMIN_PERMISSION]);
  const heldRoles = useSession((state) => state.user?.roles);
  const reachable = (role: Role) =>
    administrator ||
    level.data === undefined ||
    (role.level > level.data && !heldRoles?.some((held) => held.id === role.id));

  const bulk = useBulkDelete<Role>({
    allow: 'roles:del',
    rowKey: (role) => role.id,
    warning: t('roles.deleteWarning'),
    run: async (roles) => {
      await remove.mutateAsync(roles.map((role) => role.id));
      if (roles.some((role) => role.id === chosen?.id)) setChosen(undefined);
    },
    disabled: (role) => !reachable(role),
  });
  // A role's changes, its menus' included.
  const history = useHistoryDrawer<Role>({
    recordType: 'role',
    idOf: (role) => role.id,
    nameOf: (role) => seeded(role.name),
  });
  const actions = useActionsColumn<Role>({
    nameOf: (role) => seeded(role.name),
    width: 130,
    edit: { allow: 'roles:edit', onClick: dialog.openEdit, disabled: (role) => !reachable(role) },
    extra: { allow: [HISTORY_PERMISSION], actions: (role) => [history.action(role)] },
    remove: {
      allow: 'roles:del',
      warning: t('roles.deleteWarning'),
      run: async (role) => {
        await remove.mutateAsync([role.id]);
        if (role.id === chosen?.id) setChosen(undefined);
      },
      disabled: (role) => !reachable(role),
    },
  });
  const columns: DataColumn<Role>[] = [
    choice.column,
    ...declaredColumns<Role, typeof ROLE_COLUMNS>(ROLE_COLUMNS, t, i18n.language, {
      name: { render: (_, role) => seeded(role.name) },
      description: { render: (_, role) => seeded(role.description ?? '') },
    }),
    ...actions,
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeading title={menuTitle('Roles')} />
      <Card variant="borderless">
        <SearchBar<RoleFilters> onSearch={list.search} onReset={list.reset}>
          <Form.Item name="blurry" label={t('roles.keyword')}>
            <Input placeholder={t('roles.keywordPlaceholder')} allowClear style={{ width: 200 }} />
          </Form.Item>
          <CreatedBetween label={t('list.createdBetween')} />
        </SearchBar>
        <DataTable<Role, RoleFilters>
          tableId="roles"
          label={t('roles.label')}
          columns={columns}
          list={list}
          query={query}
          rowKey={(role) => role.id}
          exportTo={{ route: 'GET /api/roles/download', name: 'roles' }}
          tableProps={{ rowSelection: bulk.rowSelection, onRow: choice.onRow, rowClassName: choice.rowClassName }}
          actions={
            <>
              <AddButton allow="roles:add" onClick={dialog.openCreate} />
              {bulk.button}
            </>
          }
        />
      </Card>
      {selected ? (
        <RoleMenusPanel
          key={`${selected.id}:${selected.updateTime}:${selected.menus.map((menu) => menu.id).join()}`}
          role={selected}
          editable={can(['roles:edit']) && reachable(selected)}
        />
      ) : (
        <Card variant="borderless">
          <Empty description={t('roles.chooseHint')} />
        </Card>
      )}
      <RoleForm dialog={dialog} ownLevel={level.data} administrator={administrator} />
      {history.drawer}
    </Flex>
  );
}
