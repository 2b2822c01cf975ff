import { type Machine, SALES_PERIODS, type SalesPeriod } from '@water/contract/machines';
import { asFen, type Fen } from '@water/contract/money';
import { Alert, Descriptions, Segmented, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DailyBarChart } from '@/components/charts/daily-bar-chart.tsx';
import { OnlineBadge } from '@/components/machines/online-badge.tsx';
import { Permission, usePermission } from '@/components/permission.tsx';
import { formatFen } from '@/lib/format/money.ts';
import { useMachineAlarms, useMachineStatus } from '../api/machines.ts';
import { MachineDrawer } from './machine-drawer.tsx';

const ALARM_COLORS = { OPEN: 'error', ACKNOWLEDGED: 'warning', RESOLVED: 'success' } as const;

/** A machine's detail in a drawer: live status, prices now, today's sales, a sales chart by hour, day or month, and its latest alarms. */
export function MachineStatusDrawer({ machine, onClose }: { machine: Machine | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<SalesPeriod>('DAY');
  const query = useMachineStatus(machine?.id, period);
  const can = usePermission();
  const alarms = useMachineAlarms(machine?.id, can(['alarm:list']));
  const status = query.data;
  const money = (fen: Fen) => formatFen(fen, i18n.language);
  const none = '—';
  const yesNo = (value: boolean | null) => (value === null ? none : t(value ? 'machines.yes' : 'machines.no'));
  return (
    <MachineDrawer
      machine={machine}
      onClose={onClose}
      title={t('machines.statusTitle', { serial: machine?.serialNo ?? '' })}
      width={620}
    >
      {!status ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            size="small"
            items={[
              {
                key: 'online',
                label: t('machines.runtime'),
                children: (
                  <OnlineBadge
                    online={status.runtime.online}
                    words={{ online: t('machines.online'), offline: t('machines.offline') }}
                  />
                ),
              },
              { key: 'heartbeat', label: t('machines.lastHeartbeat'), children: status.runtime.lastHeartbeat ?? none },
              { key: 'site', label: t('machines.site'), children: status.siteName ?? none },
              { key: 'signal', label: t('machines.signal'), children: status.runtime.signal ?? none },
              {
                key: 'temperature',
                label: t('machines.temperature'),
                children: status.runtime.temperature === null ? none : `${status.runtime.temperature} °C`,
              },
              {
                key: 'tds',
                label: t('machines.tds'),
                children: `${status.runtime.tdsIn ?? none} / ${status.runtime.tdsOut ?? none} ppm`,
              },
              {
                key: 'tank',
                label: t('machines.tank'),
                children: status.runtime.tankLevel === null ? none : `${status.runtime.tankLevel}%`,
              },
              { key: 'making', label: t('machines.makingWater'), children: yesNo(status.runtime.makingWater) },
              {
                key: 'door',
                label: t('machines.door'),
                children:
                  status.runtime.doorOpen === null
                    ? none
                    : t(status.runtime.doorOpen ? 'machines.doorStates.open' : 'machines.doorStates.closed'),
              },
              {
                key: 'faults',
                label: t('machines.faults'),
                children:
                  status.runtime.faults.length === 0
                    ? t('machines.noFaults')
                    : status.runtime.faults.map((fault) => (
                        <Tag key={fault} color="error">
                          {fault}
                        </Tag>
                      )),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            {t('machines.pricesTitle')}
          </Typography.Title>
          {status.prices ? (
            <Descriptions
              column={{ xs: 2, sm: 3 }}
              size="small"
              items={[
                ...(['WECHAT', 'ALIPAY', 'CARD', 'COIN'] as const).map((channel) => ({
                  key: channel,
                  label: t(`machines.channels.${channel}`),
                  children: money(status.prices?.[channel] ?? asFen(0)),
                })),
                {
                  key: 'member',
                  label: t('machines.memberPrice'),
                  children: status.prices.memberPrice === null ? none : money(status.prices.memberPrice),
                },
                { key: 'discount', label: t('machines.discount'), children: `${status.prices.discountPct}%` },
              ]}
            />
          ) : (
            <Alert type="warning" showIcon title={t('machines.noPrices')} />
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
          <Segmented<SalesPeriod>
            value={period}
            onChange={setPeriod}
            options={SALES_PERIODS.map((value) => ({ value, label: t(`machines.periods.${value}`) }))}
            style={{ marginBottom: 12 }}
          />
          <DailyBarChart
            data={status.series.map((point) => ({ label: point.label, value: point.net }))}
            label={t('machines.salesTitle')}
            format={(value) => money(asFen(value))}
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
      )}
    </MachineDrawer>
  );
}
