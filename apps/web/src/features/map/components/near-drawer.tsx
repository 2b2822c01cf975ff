import type { MapMachine, NearQuery } from '@water/contract/map';
import { Button, Drawer, Empty, Flex, Segmented, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMachinesNear } from '../api/machines-near.ts';
import { HEALTH_COLOURS } from './health-colours.ts';

const RADII = [1000, 5000, 20_000, 100_000] as const;

interface NearDrawerProps {
  query: NearQuery | undefined;
  /** Where the point came from: the browser's position, or the map's centre when it gave none. */
  from: 'position' | 'centre';
  onRadius: (radius: number) => void;
  onShow: (machine: MapMachine) => void;
  onOpen: (machine: MapMachine) => void;
  onClose: () => void;
}

const distanceText = (metres: number) => (metres < 1000 ? `${metres} m` : `${(metres / 1000).toFixed(1)} km`);

/** The machines nearest a point, with their distance: each shown on the map or opened. */
export function NearDrawer({ query, from, onRadius, onShow, onOpen, onClose }: NearDrawerProps) {
  const { t } = useTranslation();
  const near = useMachinesNear(query);
  return (
    <Drawer
      open={query !== undefined}
      title={t('map.nearTitle')}
      onClose={onClose}
      size="default"
      styles={{ wrapper: { maxWidth: '100vw' } }}
    >
      <Typography.Paragraph type="secondary">
        {from === 'position' ? t('map.fromHere') : t('map.fromCentre')}
      </Typography.Paragraph>
      <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
        <span>{t('map.radius')}</span>
        <Segmented<number>
          value={query?.radius}
          options={RADII.map((radius) => ({ value: radius, label: distanceText(radius) }))}
          onChange={onRadius}
        />
      </Flex>
      <Spin spinning={near.isFetching}>
        {near.data?.length === 0 && <Empty description={t('map.noneNear')} />}
        <ol aria-label={t('map.nearTitle')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {(near.data ?? []).map((machine) => (
            <li key={machine.id} style={{ padding: '10px 0', borderBottom: '1px solid rgb(5 5 5 / 6%)' }}>
              <Flex justify="space-between" align="center" gap={8} wrap>
                <Typography.Text strong>{machine.serialNo}</Typography.Text>
                <Typography.Text>{distanceText(machine.distance)}</Typography.Text>
              </Flex>
              <Flex gap={6} wrap align="center" style={{ margin: '4px 0' }}>
                <Tag color={HEALTH_COLOURS[machine.health]}>{t(`map.healths.${machine.health}`)}</Tag>
                <Typography.Text type="secondary">{machine.siteName}</Typography.Text>
              </Flex>
              <Flex gap={8}>
                <Button size="small" onClick={() => onShow(machine)}>
                  {t('map.showOnMap')}
                </Button>
                <Button size="small" type="link" onClick={() => onOpen(machine)}>
                  {t('map.openMachine')}
                </Button>
              </Flex>
            </li>
          ))}
        </ol>
      </Spin>
    </Drawer>
  );
}
