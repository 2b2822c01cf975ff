import type { Site } from '@water/contract/sites';
import { Alert, Skeleton } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CoordinatesMap, type MapPoint } from '@/components/charts/coordinates-map.tsx';
import type { ListParams } from '@/components/list/list-params.ts';
import { useSites } from '../api/sites.ts';

/** At most this many sites on the map at once (the search narrows them). */
const MAP_LIMIT = 1000;

/** The sites of the current search by their coordinates; open sites in colour, sized by their machines. */
export function SitesMap({ filters }: { filters: ListParams }) {
  const { t } = useTranslation();
  const query = useSites({ ...filters, page: 0, size: MAP_LIMIT });
  const sites = query.data?.content;
  const points = useMemo<MapPoint[]>(
    () =>
      (sites ?? [])
        .filter((site: Site) => site.longitude !== null && site.latitude !== null)
        .map((site) => ({
          id: site.id,
          name: site.name,
          longitude: Number(site.longitude),
          latitude: Number(site.latitude),
          detail: `${site.agentName} · ${t('sites.machinesAt', { count: site.machines })}`,
          weight: site.machines,
          active: site.status === 'ACTIVE',
        })),
    [sites, t],
  );
  if (query.isError) return <Alert type="warning" showIcon title={t('sites.mapFailed')} />;
  if (!sites) return <Skeleton active />;
  const total = query.data?.totalElements ?? sites.length;
  return (
    <section aria-label={t('sites.map')}>
      <Alert
        type={points.length < total ? 'info' : 'success'}
        showIcon
        style={{ marginBottom: 12 }}
        title={t('sites.mapShown', { shown: points.length, total })}
        description={points.length < total ? t('sites.mapMissing') : undefined}
      />
      <CoordinatesMap
        points={points}
        label={t('sites.mapLabel', { count: points.length })}
        axisNames={{ longitude: t('sites.longitude'), latitude: t('sites.latitude') }}
      />
      <ul style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {points.map((point) => (
          <li key={point.id}>
            {point.name}: {point.longitude}, {point.latitude} ({point.detail})
          </li>
        ))}
      </ul>
    </section>
  );
}
