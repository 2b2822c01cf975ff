import { LinkOutlined } from '@ant-design/icons';
import { type Machine, SALES_PERIODS, type SalesPeriod } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { Alert, Button, Drawer, Segmented, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyBarChart } from '@/components/charts/daily-bar-chart.tsx';
import type { RowAction } from '@/components/list/row-actions.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { toApiError } from '@/lib/api-error.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useMachineAlarms, useMachineStatus } from '../api/machines.ts';
import { LifecycleTag } from './lifecycle-tag.tsx';
import { MachineCommands } from './machine-commands.tsx';
import { MachineRuntime } from './machine-runtime.tsx';
import { MachineSettingsPanel } from './machine-settings-panel.tsx';

const ALARM_COLORS = { OPEN: 'error', ACKNOWLEDGED: 'warning', RESOLVED: 'success' } as const;

interface MachineStatusDrawerProps {
  /** The machine's id as its address gives it; none while the drawer is closed. */
  machineId: string | undefined;
  /** The address of this detail, to copy and share. */
  link: string;
  /** What the user may do to the machine now. */
  actionsOf: (machine: Machine) => RowAction[];
  onClose: () => void;
}

/** A positive whole number written in the address, else nothing (no machine has that id). */
const idOf = (value: string | undefined) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined);

/**
 * A machine's detail in a drawer, opened from its own address: what it is and where it stands,
 * what it may be done to it now, live status, prices, today's sales, a sales chart by hour, day
 * or month, and its latest alarms.
 */
export function MachineStatusDrawer({ machineId, link, actionsOf, onClose }: MachineStatusDrawerProps) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<SalesPeriod>('DAY');
  const id = idOf(machineId);
  const query = useMachineStatus(id, period);
  const can = usePermission();
  const alarms = useMachineAlarms(id, can(['alarm:list']));
  const status = query.data;
  const money = (fen: number) => formatFen(asFen(fen), i18n.language);
  const failure = query.error ? toApiError(query.error) : undefined;
  const missing = machineId !== undefined && (id === undefined || failure?.status === 404);
  const actions = status ? actionsOf(status.machine).filter((action) => can([action.allow])) : [];
  const statusView = status && (
    <>
      <Space wrap size={8} style={{ marginBottom: 16 }} aria-label={t('list.actions')}>
        <LifecycleTag lifecycle={status.machine.lifecycle} />
        {actions.map((action) => (
          <Button key={action.key} icon={action.icon} danger={action.danger} onClick={action.onClick}>
            {action.label}
          </Button>
        ))}
      </Space>
      <MachineRuntime status={status} />
      <Typography.Title level={5} style={{ marginTop: 20 }}>
        {t('machines.todaySales')}
      </Typography.Title>
      <Typography.Paragraph>
        {t('machines.todayFigures', {
          net: money(status.today.net),
          orders: status.today.orders,
          litres: (status.today.dispensedMl / 1000).toFixed(1),
        })}
      </Typography.Paragraph>
      <Segmented<SalesPeriod>
        value={period}
        onChange={setPeriod}
        options={SALES_PERIODS.map((value) => ({ value, label: t(`machines.periods.${value}`) }))}
        style={{ marginBottom: 12 }}
      />
      <DailyBarChart
        data={status.series.map((point) => ({ label: point.label, value: point.net }))}
        label={t('machines.salesTitle')}
        format={(value) => money(value)}
        showValues={false}
      />
      <Permission allow={['alarm:list']}>
        <Typography.Title level={5} style={{ marginTop: 20 }}>
          {t('machines.alarmsTitle')}
        </Typography.Title>
        {alarms.data && alarms.data.content.length === 0 ? (
          <Typography.Text type="secondary">{t('machines.noAlarms')}</Typography.Text>
        ) : (
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {(alarms.data?.content ?? []).map((alarm) => (
              <li key={alarm.id}>
                <Tag color={ALARM_COLORS[alarm.state]}>{t(`machines.alarmStates.${alarm.state}`)}</Tag>
                {t(`alarmPush.types.${alarm.type}`)} · {alarm.firstTime}
                {alarm.count > 1 ? ` (×${alarm.count})` : ''}
              </li>
            ))}
          </ul>
        )}
      </Permission>
    </>
  );
  return (
    <Drawer
      open={machineId !== undefined}
      onClose={onClose}
      title={t('machines.statusTitle', { serial: status?.machine.serialNo ?? '' })}
      extra={
        status && (
          <Typography.Text
            copyable={{
              text: link,
              icon: <LinkOutlined aria-label={t('machines.copyLink')} />,
              tooltips: [t('machines.copyLink'), t('machines.linkCopied')],
            }}
          />
        )
      }
      size="min(620px, 100vw)"
      destroyOnHidden
    >
      {missing ? (
        <Alert type="warning" showIcon title={t('machines.notFound')} />
      ) : failure && !status ? (
        <Alert type="error" showIcon title={failure.message} />
      ) : !status ? (
        <Skeleton active />
      ) : (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'status', label: t('commands.statusTab'), children: statusView },
            {
              key: 'commands',
              label: t('commands.tab'),
              children: <MachineCommands machine={status.machine} />,
            },
            {
              key: 'settings',
              label: t('commands.settingsTab'),
              children: <MachineSettingsPanel machineId={status.machine.id} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
