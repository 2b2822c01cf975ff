import { LogoutOutlined } from '@ant-design/icons';
import { ONLINE_COLUMNS, type OnlineUser } from '@water/contract/logs';
import { onlineLocales } from '@water/contract/texts/monitor';
import { App, Button, Card, Form, Input } from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { RowActions } from '@/components/list/row-actions.tsx';
import { SearchBar } from '@/components/list/search-bar.tsx';
import { useListState } from '@/components/list/use-list-state.ts';
import { PageHeading } from '@/components/page-heading.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { useConfirm } from '@/components/use-confirm.ts';
import { toApiError } from '@/lib/api-error.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { notifyError, reportApiError } from '@/lib/notifier.ts';
import { useOnlineUsers } from '../api/get-online-users.ts';
import { useKickOnlineUsers } from '../api/kick-online-users.ts';

addPageTexts('online', onlineLocales);

/** The filters of `GET /auth/online`, as the contract declares them. */
type OnlineFilters = ListFilters<'GET /auth/online'>;

/** `monitor/online/index`: who is signed in now, from where and since when; kicking sessions out. */
export function OnlineUsersPage() {
  const { t, i18n } = useTranslation();
  const menuTitle = useMenuTitle();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const can = usePermission();
  const list = useListState<OnlineFilters>({ initialFilters: {} });
  const query = useOnlineUsers(list.params);
  const kick = useKickOnlineUsers();
  const [selected, setSelected] = useState<OnlineUser[]>([]);
  const mayKick = can(['online:del']);

  const askToKick = (sessions: OnlineUser[]) => {
    const single = sessions.length === 1 ? sessions[0] : undefined;
    confirm({
      title: single
        ? t('online.kickTitle', { name: single.userName })
        : t('online.kickManyTitle', { count: sessions.length }),
      content: single
        ? t('online.kickContent')
        : t('online.kickManyContent', { names: [...new Set(sessions.map((row) => row.userName))].join(', ') }),
      okText: t('online.kick'),
      onConfirm: async () => {
        try {
          await kick.mutateAsync(sessions.map((row) => row.key));
        } catch (error) {
          // A refusal says whom the caller may not sign out: shown as the server put it. Without an
          // answer the client has already said so; an ended session gets the usual prompt.
          const failure = toApiError(error);
          if (failure.status === 401) reportApiError(failure);
          else if (failure.status !== 0) notifyError(failure.message);
          throw error;
        }
        setSelected((previous) => previous.filter((row) => !sessions.some((kicked) => kicked.key === row.key)));
        message.success(t('online.kicked'));
      },
    });
  };

  const columns: DataColumn<OnlineUser>[] = [
    ...declaredColumns<OnlineUser, typeof ONLINE_COLUMNS>(ONLINE_COLUMNS, t, i18n.language),
    ...(mayKick
      ? [
          {
            key: 'actions',
            title: t('list.actions'),
            width: 80,
            fixed: 'right' as const,
            render: (_: unknown, row: OnlineUser) => (
              <RowActions
                name={row.userName}
                extra={[
                  {
                    key: 'kick',
                    label: t('online.kick'),
                    icon: <LogoutOutlined aria-hidden />,
                    allow: 'online:del',
                    danger: true,
                    onClick: () => askToKick([row]),
                  },
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Online users')} />
      <SearchBar<OnlineFilters> onSearch={list.search} onReset={list.reset}>
        <Form.Item name="username" label={t('online.search')}>
          <Input placeholder={t('online.searchPlaceholder')} allowClear style={{ width: 200 }} />
        </Form.Item>
      </SearchBar>
      <DataTable<OnlineUser, OnlineFilters>
        tableId="online-users"
        label={t('online.label')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(row) => row.key}
        exportTo={{ route: 'GET /auth/online/download', name: 'online-users' }}
        actions={
          <Permission allow={['online:del']}>
            <Button
              danger
              icon={<LogoutOutlined aria-hidden />}
              disabled={selected.length === 0}
              onClick={() => askToKick(selected)}
            >
              {t('online.kickSelected', { count: selected.length })}
            </Button>
          </Permission>
        }
        tableProps={
          mayKick
            ? {
                rowSelection: {
                  selectedRowKeys: selected.map((row) => row.key),
                  onChange: (_keys: Key[], rows: OnlineUser[]) => setSelected(rows),
                  preserveSelectedRowKeys: false,
                },
              }
            : undefined
        }
      />
    </Card>
  );
}
