import { ALARM_PERMISSIONS } from '@water/contract/alarms';
import { DEVICE_PERMISSIONS } from '@water/contract/machines';
import type { Site } from '@water/contract/sites';
import { Alert, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '@/components/list/list-params.ts';
import { usePermission } from '@/components/permission.tsx';
import { STATUS_LIMIT, useSites, useStatusAlarms, useStatusMachines } from '../api/sites.ts';

interface SiteStatus {
  site: Site;
  online: number;
  offline: number;
  alarms: number;
}

type Health = 'OFFLINE' | 'ALARMS' | 'OK' | 'EMPTY';
const HEALTH_COLORS: Record<Health, string> = { OFFLINE: 'error', ALARMS: 'warning', OK: 'success', EMPTY: 'default' };

/** What a site's state says: its machines offline and its alarms open, else all online (or none there). */
function healthOf(row: SiteStatus): { health: Health; count: number }[] {
  const troubles = [
    ...(row.offline > 0 ? [{ health: 'OFFLINE' as const, count: row.offline }] : []),
    ...(row.alarms > 0 ? [{ health: 'ALARMS' as const, count: row.alarms }] : []),
  ];
  if (troubles.length > 0) return troubles;
  return [{ health: row.site.machines > 0 ? 'OK' : 'EMPTY', count: 0 }];
}

/**
 * The sites of the current search with the state of their machines: how many are offline and
 * the alarms still open; the sites that need someone first. (What the user may not see, without
 * the machines or alarms permission, is left out.)
 */
export function SitesStatus({ filters }: { filters: ListParams }) {
  const { t } = useTranslation();
  const can = usePermission();
  const seesMachines = can([DEVICE_PERMISSIONS.list]);
  const seesAlarms = can([ALARM_PERMISSIONS.list]);
  const sites = useSites({ ...filters, page: 0, size: STATUS_LIMIT });
  const machines = useStatusMachines(seesMachines);
  const alarms = useStatusAlarms(seesAlarms);
  const rows = useMemo<SiteStatus[]>(() => {
    const siteOf = new Map<number, number>();
    const bySite = new Map<number, SiteStatus>(
      (sites.data?.content ?? []).map((site) => [site.id, { site, online: 0, offline: 0, alarms: 0 }]),
    );
    for (const machine of machines.data?.content ?? []) {
      if (machine.siteId === null) continue;
      siteOf.set(machine.id, machine.siteId);
      const row = bySite.get(machine.siteId);
      if (!row || machine.lifecycle !== 'OPERATING') continue;
      if (machine.online) row.online++;
      else row.offline++;
    }
    for (const alarm of alarms.data?.content ?? []) {
      const row = bySite.get(siteOf.get(alarm.machineId) ?? -1);
      if (row) row.alarms++;
    }
    return [...bySite.values()].sort(
      (a, b) => b.offline - a.offline || b.alarms - a.alarms || a.site.name.localeCompare(b.site.name),
    );
  }, [sites.data, machines.data, alarms.data]);

  if (sites.isError) return <Alert type="warning" showIcon title={t('sites.statusFailed')} />;
  if (!sites.data || (seesMachines && !machines.data) || (seesAlarms && !alarms.data)) return <Skeleton active />;
  const total = sites.data.totalElements;
  const columns: ColumnsType<SiteStatus> = [
    {
      key: 'site',
      title: t('sites.name'),
      render: (_, row) => (
        <>
          <Typography.Text strong>{row.site.name}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{row.site.agentName}</Typography.Text>
        </>
      ),
    },
    { key: 'machines', title: t('sites.machinesTotal'), align: 'right', render: (_, row) => row.site.machines },
    {
      key: 'health',
      title: t('sites.health'),
      render: (_, row) => (
        <Flex wrap gap={4}>
          {healthOf(row).map(({ health, count }) => (
            <Tag key={health} color={HEALTH_COLORS[health]} style={{ marginInlineEnd: 0 }}>
              {t(`sites.healths.${health}`, { count })}
            </Tag>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <section aria-label={t('sites.statusLabel')}>
      <Alert
        type={rows.length < total ? 'info' : 'success'}
        showIcon
        style={{ marginBottom: 12 }}
        title={
          rows.length < total
            ? t('sites.statusLimited', { shown: rows.length, total })
            : t('sites.statusShown', { shown: rows.length })
        }
      />
      <Table<SiteStatus>
        size="middle"
        rowKey={(row) => row.site.id}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}
