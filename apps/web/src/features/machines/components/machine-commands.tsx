import { SendOutlined, StopOutlined } from '@ant-design/icons';
import {
  COMMAND_PARAMS,
  COMMAND_PERMISSIONS,
  COMMAND_STATE_MACHINE,
  type CommandRecord,
  type FILTER_STAGES,
} from '@water/contract/commands';
import { allows } from '@water/contract/state-machine';
import { App, Button, Empty, List, Skeleton, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_PERMISSION, useHistoryDrawer } from '@/components/change-history/history-drawer.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { useCancelCommand, useMachineCommands } from '../api/commands.ts';
import { CommandForm } from './command-form.tsx';
import { CommandStateTag } from './command-state-tag.tsx';

/** A command's parameters in words (`Seconds: 120`); what the server added (prices, versions) left out. */
function paramsLine(command: CommandRecord, t: TFunction): string {
  return COMMAND_PARAMS[command.type]
    .map((name) => {
      const value = command.params[name];
      const shown = name === 'stage' ? t(`commands.stages.${value as (typeof FILTER_STAGES)[number]}`) : String(value);
      return `${t(`commands.params.${name}`)}: ${shown}`;
    })
    .join(' · ');
}

/** A machine's commands: send one, follow its state (refreshed while pending), cancel it before delivery. */
export function MachineCommands({ machine }: { machine: { id: number; serialNo: string } }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const can = usePermission();
  const commands = useMachineCommands(machine.id);
  const cancel = useCancelCommand();
  const [sending, setSending] = useState({ open: false, session: 0 });
  const history = useHistoryDrawer<CommandRecord>({
    recordType: 'command',
    idOf: (command) => command.id,
    nameOf: (command) => t(`commands.types.${command.type}`),
  });
  const historyButton = (command: CommandRecord) => {
    const action = history.action(command);
    return (
      <Button key={action.key} size="small" icon={action.icon} onClick={action.onClick}>
        {action.label}
      </Button>
    );
  };
  const mayCancel = (command: CommandRecord) =>
    can([COMMAND_PERMISSIONS.command]) && allows(COMMAND_STATE_MACHINE, command.state, 'CANCEL');
  const askCancel = (command: CommandRecord) =>
    modal.confirm({
      title: t('commands.cancelConfirm'),
      content: t(`commands.types.${command.type}`),
      okText: t('commands.cancel'),
      cancelText: t('commands.close'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await cancel.mutateAsync(command.id);
        message.success(t('commands.cancelled'));
      },
    });
  return (
    <>
      <Permission allow={[COMMAND_PERMISSIONS.command]}>
        <Button
          type="primary"
          icon={<SendOutlined aria-hidden />}
          onClick={() => setSending((previous) => ({ open: true, session: previous.session + 1 }))}
          style={{ marginBottom: 12 }}
        >
          {t('commands.send')}
        </Button>
      </Permission>
      {commands.isPending ? (
        <Skeleton active />
      ) : !commands.data?.content.length ? (
        <Empty description={t('commands.none')} />
      ) : (
        <List<CommandRecord>
          aria-label={t('commands.tab')}
          dataSource={commands.data.content}
          rowKey={(command) => command.id}
          renderItem={(command) => (
            <List.Item
              actions={[
                ...(mayCancel(command)
                  ? [
                      <Button
                        key="cancel"
                        size="small"
                        icon={<StopOutlined aria-hidden />}
                        onClick={() => askCancel(command)}
                      >
                        {t('commands.cancel')}
                      </Button>,
                    ]
                  : []),
                ...(can([HISTORY_PERMISSION]) ? [historyButton(command)] : []),
              ]}
            >
              <List.Item.Meta
                title={
                  <>
                    <CommandStateTag state={command.state} /> {t(`commands.types.${command.type}`)}
                  </>
                }
                description={
                  <>
                    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                      {command.createTime} · {command.createBy}
                      {paramsLine(command, t) ? ` · ${paramsLine(command, t)}` : ''}
                    </Typography.Text>
                    {command.message && <div style={{ overflowWrap: 'anywhere' }}>{command.message}</div>}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <CommandForm
        open={sending.open}
        session={sending.session}
        machines={[machine]}
        onClose={() => setSending((previous) => ({ ...previous, open: false }))}
      />
      {history.drawer}
    </>
  );
}
