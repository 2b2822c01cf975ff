import { LinkOutlined } from '@ant-design/icons';
import type { Machine } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { Alert, Button, Drawer, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RowAction } from '@/components/list/row-actions.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { toApiError } from '@/lib/api-error.ts';
import { formatFen } from '@/lib/format/money.ts';
import { useMachineServiced } from '../api/machine-serviced.ts';
import { useMachineAlarms, useMachineStatus } from '../api/machines.ts';
import { LifecycleTag } from './lifecycle-tag.tsx';
import { MachineRuntime } from './machine-runtime.tsx';

/** The tabs beyond the overview load when first opened, not with the list. */
const MachineTelemetryTab = lazy(() =>
  import('./machine-telemetry.tsx').then((module) => ({ default: module.MachineTelemetryTab })),
);
const MachineCommands = lazy(() =>
  import('./machine-commands.tsx').then((module) => ({ default: module.MachineCommands })),
);
const MachineSettingsPanel = lazy(() =>
  import('./machine-settings-panel.tsx').then((module) => ({ default: module.MachineSettingsPanel })),
);
const MachineFirmware = lazy(() =>
  import('./machine-firmware.tsx').then((module) => ({ default: module.MachineFirmware })),
);
const MachineFilters = lazy(() =>
  import('./machine-filters.tsx').then((module) => ({ default: module.MachineFilters })),
);
const loaded = (tab: ReactNode) => <Suspense fallback={<Skeleton active />}>{tab}</Suspense>;

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
 * A machine's detail in a drawer, opened from its own address. Its overview: what it is and where
 * it stands, what may be done to it now, live status, prices, today's sales and its latest alarms;
 * its telemetry: charts of its readings over 24 hours, 7 or 90 days, and of its sales; the
 * commands sent to it, its desired and reported settings, its firmware and updates, and the
 * remaining life of its filter stages.
 */
export function MachineStatusDrawer({ machineId, link, actionsOf, onClose }: MachineStatusDrawerProps) {
  const { t, i18n } = useTranslation();
  const id = idOf(machineId);
  const query = useMachineStatus(id, 'DAY');
  const can = usePermission();
  const alarms = useMachineAlarms(id, can(['alarm:list']));
  const serviced = useMachineServiced(id, can(['workorder:list']));
  const status = query.data;
  const money = (fen: number) => formatFen(asFen(fen), i18n.language);
  const failure = query.error ? toApiError(query.error) : undefined;
  const missing = machineId !== undefined && (id === undefined || failure?.status === 404);
  const actions = status ? actionsOf(status.machine).filter((action) => can([action.allow])) : [];
  const overview = status && (
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
      {serviced.data && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {serviced.data.lastServiced
            ? t('machines.lastServiced', { time: serviced.data.lastServiced })
            : t('machines.neverServiced')}
        </Typography.Paragraph>
      )}
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
            { key: 'overview', label: t('telemetry.overviewTab'), children: overview },
            {
              key: 'telemetry',
              label: t('telemetry.tab'),
              children: loaded(<MachineTelemetryTab machineId={status.machine.id} />),
            },
            {
              key: 'commands',
              label: t('commands.tab'),
              children: loaded(<MachineCommands machine={status.machine} />),
            },
            {
              key: 'settings',
              label: t('commands.settingsTab'),
              children: loaded(<MachineSettingsPanel machineId={status.machine.id} />),
            },
            {
              key: 'firmware',
              label: t('machines.columns.firmware'),
              children: loaded(<MachineFirmware machine={status.machine} />),
            },
            ...(can(['filter:list'])
              ? [
                  {
                    key: 'filters',
                    label: t('machines.filtersTab'),
                    children: loaded(<MachineFilters machineId={status.machine.id} />),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Drawer>
  );
}
