import { useQuery } from '@tanstack/react-query';
import type { Machine } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { SITE_TYPE_DICT, type Site } from '@water/contract/sites';
import { Descriptions, Drawer, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictLabel } from '@/components/dict-label.tsx';
import { DetailTable } from '@/components/list/detail-table.tsx';
import { OnlineBadge } from '@/components/machines/online-badge.tsx';
import { callApi } from '@/lib/call-api.ts';
import { formatFen } from '@/lib/format/money.ts';
import { machineKeys } from '@/lib/query-keys.ts';
import { sharePercent } from './site-form-values.ts';

/** One site in a drawer: where it is, its owner, fee and contract, and the machines standing there. */
export function SiteDetail({ site, onClose }: { site?: Site; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const machines = useQuery({
    queryKey: [...machineKeys.all, 'at-site', site?.id],
    queryFn: () =>
      callApi('GET /api/machines', { query: { siteId: site?.id, page: 0, size: 100, sort: 'serialNo,asc' } }),
    enabled: site !== undefined,
  });
  const dash = (value: string | null | undefined) => value || '—';
  const connection = { online: t('sites.online'), offline: t('sites.offline') };
  return (
    <Drawer
      open={site !== undefined}
      onClose={onClose}
      size="min(640px, 100vw)"
      title={site && t('sites.detailTitle', { name: site.name })}
      extra={
        site && <Tag color={site.status === 'ACTIVE' ? 'success' : 'default'}>{t(`sites.statuses.${site.status}`)}</Tag>
      }
    >
      {site && (
        <>
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('sites.agent')}>{site.agentName}</Descriptions.Item>
            <Descriptions.Item label={t('sites.type')}>
              <DictLabel dict={SITE_TYPE_DICT} value={site.type} />
            </Descriptions.Item>
            <Descriptions.Item label={t('sites.address')} span={2}>
              {[site.province, site.city, site.district].filter(Boolean).join(' ')} {site.address}
            </Descriptions.Item>
            <Descriptions.Item label={t('sites.coordinates')} span={2}>
              {site.longitude && site.latitude ? `${site.longitude}, ${site.latitude}` : t('sites.noCoordinates')}
            </Descriptions.Item>
            <Descriptions.Item label={t('sites.ownerName')}>{dash(site.ownerName)}</Descriptions.Item>
            <Descriptions.Item label={t('sites.ownerPhone')}>{dash(site.ownerPhone)}</Descriptions.Item>
            <Descriptions.Item label={t('sites.feeType')}>
              {site.feeType === 'SHARE'
                ? t('sites.shareOf', { percent: sharePercent(site.feeValue) })
                : t('sites.rentOf', { amount: formatFen(asFen(site.feeValue), i18n.language) })}
            </Descriptions.Item>
            <Descriptions.Item label={t('sites.contract')}>
              {site.contractStart || site.contractEnd ? `${dash(site.contractStart)} – ${dash(site.contractEnd)}` : '—'}
            </Descriptions.Item>
          </Descriptions>
          <DetailTable<Machine>
            title={t('sites.machinesHere', { count: site.machines })}
            query={machines}
            columns={[
              { key: 'serialNo', title: t('sites.serialNo'), dataIndex: 'serialNo' },
              { key: 'model', title: t('sites.model'), dataIndex: 'modelName' },
              {
                key: 'online',
                title: t('sites.connection'),
                render: (_, machine) => <OnlineBadge online={machine.online} words={connection} />,
              },
              {
                key: 'heartbeat',
                title: t('sites.lastHeartbeat'),
                render: (_, machine) => dash(machine.lastHeartbeat),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
