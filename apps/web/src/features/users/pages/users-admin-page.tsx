import '@/locales/console/users-texts.ts';
import { ApartmentOutlined, KeyOutlined } from '@ant-design/icons';
import type { UserDto } from '@water/contract/auth';
import { USER_COLUMNS, type UserRow } from '@water/contract/users';
import { App, Badge, Button, Card, Flex, Form, Grid, Input } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '@/components/dict-select.tsx';
import { AddButton } from '@/components/list/add-button.tsx';
import { CreatedBetween } from '@/components/list/created-between.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { type StatusSearch, statusFilters } from '@/components/list/list-params.ts';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useBulkDelete } from '@/components/list/use-bulk-delete.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { useRoleLevel } from '@/components/roles/role-level.ts';
import { useConfirm } from '@/components/use-confirm.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useMenuTitle, useSeededText } from '@/lib/menu-title.ts';
import { useSession } from '@/lib/session.ts';
import { useDeleteUsers } from '../api/delete-users.ts';
import { useUsers } from '../api/get-users.ts';
import { useResetPasswords } from '../api/reset-passwords.ts';
import { DeptFilterTree } from '../components/dept-filter-tree.tsx';
import { UserForm } from '../components/user-form.tsx';
import { canManage } from '../components/user-form-values.ts';
import { UserStatusSwitch } from '../components/user-status-switch.tsx';

/** The filters of `GET /api/users`, as the contract declares them. */
type UserFilters = ListFilters<'GET /api/users'>;

/** `system/user/index`: staff accounts of the caller's data scope, by department. */
export function UsersAdminPage() {
  const { t, i18n } = useTranslation();
  const seeded = useSeededText();
  const menuTitle = useMenuTitle();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const ownId = useSession((state) => state.user?.id);
  const list = useListState<UserFilters>({ initialFilters: {} });
  // The department tree stands beside the list on wide screens (1600 px and up); on narrower ones
  // the list takes the width, and the tree is a button away.
  const wide = Grid.useBreakpoint().xxl ?? false;
  const [treeOpen, setTreeOpen] = useState<boolean>();
  const showTree = treeOpen ?? wide;
  const treePanelId = useId();
  const query = useUsers(list.params);
  const level = useRoleLevel();
  const dialog = useFormDialog<UserDto>();
  const remove = useDeleteUsers();
  const reset = useResetPasswords();

  const confirmReset = (user: UserRow) =>
    confirm({
      title: t('users.resetTitle', { name: user.username }),
      content: t('users.resetContent'),
      okText: t('users.resetPassword'),
      onConfirm: async () => {
        await reset.mutateAsync([user.id]);
        message.success(t('users.resetDone'));
      },
    });

  const manageable = (user: UserRow) => canManage(user, level.data);
  const bulk = useBulkDelete<UserRow>({
    allow: 'user:del',
    rowKey: (user) => user.id,
    warning: t('users.deleteWarning'),
    run: (users) => remove.mutateAsync(users.map((user) => user.id)),
  });
  const actions = useActionsColumn<UserRow>({
    nameOf: (user) => user.username,
    edit: { allow: 'user:edit', onClick: dialog.openEdit, disabled: (user) => !manageable(user) },
    remove: {
      allow: 'user:del',
      warning: t('users.deleteWarning'),
      run: (user) => remove.mutateAsync([user.id]),
      disabled: (user) => user.id === ownId || !manageable(user),
    },
    extra: {
      allow: ['user:edit'],
      actions: (user) => [
        {
          key: 'reset-password',
          label: t('users.resetPassword'),
          icon: <KeyOutlined aria-hidden />,
          allow: 'user:edit',
          disabled: !manageable(user),
          onClick: () => confirmReset(user),
        },
      ],
    },
    width: 120,
    fixed: 'right',
  });
  const columns: DataColumn<UserRow>[] = [
    ...declaredColumns<UserRow, typeof USER_COLUMNS>(USER_COLUMNS, t, i18n.language, {
      dept: { render: (_, user) => (user.deptName ? seeded(user.deptName) : '—') },
      roles: { render: (_, user) => user.roles.map((role) => seeded(role.name)).join(', ') },
      enabled: {
        render: (_, user) => <UserStatusSwitch user={user} editable={user.id !== ownId && manageable(user)} />,
      },
    }),
    ...actions,
  ];

  return (
    <Flex gap={16} wrap align="start">
      <PageHeading title={menuTitle('Users')} />
      {showTree && (
        <div id={treePanelId} style={{ flex: '1 1 220px', maxWidth: 280 }}>
          <Card variant="borderless" title={t('users.depts')}>
            <DeptFilterTree selected={list.state.filters.deptId} onSelect={(deptId) => list.patchFilters({ deptId })} />
          </Card>
        </div>
      )}
      <div style={{ flex: '999 1 640px', minWidth: 0 }}>
        <Card variant="borderless">
          <SearchBar<StatusSearch<UserFilters>>
            onSearch={(values) => list.search({ ...statusFilters(values), deptId: list.state.filters.deptId })}
            onReset={list.reset}
          >
            <Form.Item name="blurry" label={t('users.keyword')}>
              <Input placeholder={t('users.keywordPlaceholder')} allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('users.status')}>
              <DictSelect dict="user_status" allowClear style={{ width: 120 }} />
            </Form.Item>
            <CreatedBetween label={t('list.createdBetween')} />
          </SearchBar>
          <DataTable<UserRow, UserFilters>
            tableId="users"
            label={t('users.label')}
            columns={columns}
            list={list}
            query={query}
            rowKey={(user) => user.id}
            exportTo={{ route: 'GET /api/users/download', name: 'users' }}
            tableProps={{ rowSelection: bulk.rowSelection }}
            actions={
              <>
                <Badge dot={list.state.filters.deptId !== undefined}>
                  <Button
                    icon={<ApartmentOutlined aria-hidden />}
                    aria-expanded={showTree}
                    aria-controls={treePanelId}
                    onClick={() => setTreeOpen(!showTree)}
                  >
                    {showTree ? t('users.hideDepts') : t('users.showDepts')}
                  </Button>
                </Badge>
                <AddButton allow="user:add" onClick={dialog.openCreate} />
                {bulk.button}
              </>
            }
          />
        </Card>
      </div>
      <UserForm dialog={dialog} />
    </Flex>
  );
}
