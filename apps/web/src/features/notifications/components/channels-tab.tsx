import { SendOutlined } from '@ant-design/icons';
import { NOTIFY_PERMISSIONS, type NotifyChannel } from '@water/contract/notifications';
import { NOTIFY_CHANNEL_COLUMNS } from '@water/contract/notifications-columns';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/list/add-button.tsx';
import { type DataColumn, DataTable } from '@/components/list/data-table.tsx';
import { declaredColumns } from '@/components/list/declared-columns.ts';
import { useActionsColumn } from '@/components/list/use-actions-column.tsx';
import { useFormDialog } from '@/components/list/use-form-dialog.ts';
import { useListState } from '@/components/list/use-list-state.ts';
import type { ListFilters } from '@/lib/call-api.ts';
import { useChannels, useDeleteChannel, useTestChannel } from '../api/notifications.ts';
import { ChannelForm } from './channel-form.tsx';

type ChannelFilters = ListFilters<'GET /api/notifications/channels'>;

/** The channels: add, edit, delete one no rule uses, and test one (a message sent now, its result shown). */
export function ChannelsTab({ onTested }: { onTested: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const list = useListState<ChannelFilters>({ initialFilters: {} });
  const query = useChannels(list.params);
  const dialog = useFormDialog<NotifyChannel>();
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const runTest = async (channel: NotifyChannel) => {
    const delivery = await test.mutateAsync(channel.id);
    if (delivery.state === 'SENT') message.success(t('notifications.testSent', { name: channel.name }));
    else message.error(t('notifications.testFailed', { error: delivery.error ?? '' }));
    onTested();
  };
  const actions = useActionsColumn<NotifyChannel>({
    nameOf: (channel) => channel.name,
    width: 170,
    edit: { allow: NOTIFY_PERMISSIONS.edit, onClick: dialog.openEdit },
    extra: {
      allow: [NOTIFY_PERMISSIONS.edit],
      actions: (channel) => [
        {
          key: 'test',
          label: t('notifications.test'),
          icon: <SendOutlined aria-hidden />,
          allow: NOTIFY_PERMISSIONS.edit,
          onClick: () => void runTest(channel).catch(() => undefined),
          disabled: test.isPending,
        },
      ],
    },
    remove: {
      allow: NOTIFY_PERMISSIONS.edit,
      warning: (channel) => t('notifications.deleteChannelConfirm', { name: channel.name }),
      run: (channel) => remove.mutateAsync(channel.id),
    },
  });
  const columns: DataColumn<NotifyChannel>[] = [
    ...declaredColumns<NotifyChannel, typeof NOTIFY_CHANNEL_COLUMNS>(NOTIFY_CHANNEL_COLUMNS, t, i18n.language, {
      target: { render: (_, channel) => <code style={{ wordBreak: 'break-all' }}>{channel.target}</code> },
    }),
    ...actions,
  ];
  return (
    <>
      <DataTable<NotifyChannel, ChannelFilters>
        tableId="notify-channels"
        label={t('notifications.channels')}
        columns={columns}
        list={list}
        query={query}
        rowKey={(channel) => channel.id}
        actions={<AddButton allow={NOTIFY_PERMISSIONS.edit} onClick={dialog.openCreate} />}
      />
      <ChannelForm dialog={dialog} />
    </>
  );
}
