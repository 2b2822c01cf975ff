import { AimOutlined } from '@ant-design/icons';
import { type FleetMapQuery, HEALTHS, type MapMachine, type NearQuery } from '@water/contract/map';
import { machinesLocales } from '@water/contract/texts/machines';
import { mapLocales } from '@water/contract/texts/map';
import { Alert, Button, Card, Checkbox, Flex, Space, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '@/components/page-heading.tsx';
import { detailHref } from '@/lib/detail-link.ts';
import { addPageTexts } from '@/lib/i18n-pages.ts';
import { useMenuTitle } from '@/lib/menu-title.ts';
import { usePagePath } from '@/lib/page-paths.ts';
import { useFleetMap } from '../api/fleet-map.ts';
import { useMapTiles } from '../api/map-tiles.ts';
import { type FleetMapHandle, FleetMapView } from '../components/fleet-map-view.tsx';
import { HEALTH_COLOURS } from '../components/health-colours.ts';
import { MapFilters } from '../components/map-filters.tsx';
import { NearDrawer } from '../components/near-drawer.tsx';

addPageTexts('machines', machinesLocales);
addPageTexts('map', mapLocales);

/** How long the browser may take to say where it is before the map's centre is used. */
const POSITION_TIMEOUT_MS = 5000;

/** The browser's position (WGS-84, as GPS gives it), or nothing when it has none or refuses. */
function browserPosition(): Promise<[number, number] | undefined> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(undefined);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve([coords.longitude, coords.latitude]),
      () => resolve(undefined),
      { timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  });
}

/** `field/map/index`: the fleet on a map, clustered and coloured by health; machines near a point. */
export function MapPage() {
  const { t } = useTranslation();
  const menuTitle = useMenuTitle();
  const navigate = useNavigate();
  const machinesPath = usePagePath('business/machine/index');
  const [filters, setFilters] = useState<FleetMapQuery>({});
  const fleet = useFleetMap(filters);
  const tiles = useMapTiles();
  const [showSites, setShowSites] = useState(false);
  const [near, setNear] = useState<{ query?: NearQuery; from: 'position' | 'centre' }>({ from: 'centre' });
  const handle = useRef<FleetMapHandle>(null);
  const machines = fleet.data?.machines ?? [];
  const counts = useMemo(() => {
    const byHealth = Object.fromEntries(HEALTHS.map((health) => [health, 0])) as Record<
      (typeof HEALTHS)[number],
      number
    >;
    for (const machine of fleet.data?.machines ?? []) byHealth[machine.health] += 1;
    return byHealth;
  }, [fleet.data]);

  const open = (machine: MapMachine) => {
    if (machinesPath) void navigate(detailHref(machinesPath, '', 'machine', machine.id));
  };

  const lookAround = async () => {
    const position = await browserPosition();
    const [longitude, latitude] = position ?? handle.current?.centre() ?? [105, 35];
    setNear({
      query: { longitude: round(longitude), latitude: round(latitude), radius: near.query?.radius ?? 5000, limit: 50 },
      from: position ? 'position' : 'centre',
    });
  };

  return (
    <Card variant="borderless">
      <PageHeading title={menuTitle('Map')} />
      <MapFilters onSearch={setFilters} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Space size={[4, 4]} wrap aria-label={t('map.legend')}>
          {HEALTHS.map((health) => (
            <Tag key={health} color={HEALTH_COLOURS[health]}>
              {t(`map.healths.${health}`)} {counts[health]}
            </Tag>
          ))}
        </Space>
        <Space wrap>
          <Checkbox checked={showSites} onChange={(event) => setShowSites(event.target.checked)}>
            {t('map.showSites')}
          </Checkbox>
          <Button icon={<AimOutlined aria-hidden />} onClick={() => void lookAround()}>
            {t('map.near')}
          </Button>
        </Space>
      </Flex>
      {fleet.isError && (
        <Alert
          type="error"
          showIcon
          title={t('map.loadFailed')}
          action={<Button onClick={() => void fleet.refetch()}>{t('map.retry')}</Button>}
          style={{ marginBottom: 8 }}
        />
      )}
      {(fleet.data?.unplaced ?? 0) > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('map.unplaced', { count: fleet.data?.unplaced })}
        </Typography.Paragraph>
      )}
      <FleetMapView
        machines={machines}
        sites={fleet.data?.sites ?? []}
        showSites={showSites}
        tiles={tiles}
        label={t('map.mapRegion')}
        titleOf={(machine) => `${machine.serialNo} · ${machine.siteName} · ${t(`map.healths.${machine.health}`)}`}
        siteTitleOf={(site) => `${site.name} · ${t('map.machinesAtSite', { count: site.machines })}`}
        onOpen={open}
        handle={handle}
      />
      {tiles.preset === 'NONE' && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('map.noTiles')}
        </Typography.Paragraph>
      )}
      <NearDrawer
        query={near.query}
        from={near.from}
        onRadius={(radius) =>
          setNear((previous) => ({ ...previous, query: previous.query && { ...previous.query, radius } }))
        }
        onShow={(machine) => {
          setNear((previous) => ({ ...previous, query: undefined }));
          handle.current?.focus(machine.id);
        }}
        onOpen={open}
        onClose={() => setNear((previous) => ({ ...previous, query: undefined }))}
      />
    </Card>
  );
}

/** Six decimals, as sites store them (about 10 cm). */
const round = (degrees: number) => Math.round(degrees * 1e6) / 1e6;
