import type { ServerStatus } from '@water/contract/logs';
import { Card, Col, Descriptions, type DescriptionsProps, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/format/bytes.ts';
import { durationParts } from './duration.ts';

/** "3 d 4 h" in the console's language. */
export function useDuration(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => {
    const { key, values } = durationParts(seconds);
    return t(`serverMonitor.duration.${key}`, values);
  };
}

const wrap = { content: { wordBreak: 'break-word' as const } };

/** The facts beside the gauges: system, CPU, the server process and the database. */
export function StatusDetails({ status }: { status: ServerStatus }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const { system, cpu, memory, eventLoop, database, disk } = status;
  const cards: { key: string; title: string; items: DescriptionsProps['items'] }[] = [
    {
      key: 'system',
      title: t('serverMonitor.system'),
      items: [
        { key: 'os', label: t('serverMonitor.os'), children: system.os },
        { key: 'hostname', label: t('serverMonitor.hostname'), children: system.hostname },
        { key: 'ip', label: t('serverMonitor.ip'), children: system.ip },
        { key: 'uptime', label: t('serverMonitor.machineUptime'), children: duration(system.uptimeSeconds) },
      ],
    },
    {
      key: 'cpu',
      title: t('serverMonitor.cpu'),
      items: [
        { key: 'model', label: t('serverMonitor.model'), children: cpu.model },
        { key: 'logical', label: t('serverMonitor.logicalCores'), children: cpu.cores },
        { key: 'physical', label: t('serverMonitor.physicalCores'), children: cpu.physicalCores },
        { key: 'packages', label: t('serverMonitor.packages'), children: cpu.packages },
        { key: 'load', label: t('serverMonitor.loadAverage'), children: cpu.loadAverage.join(' / ') },
      ],
    },
    {
      key: 'process',
      title: t('serverMonitor.process'),
      items: [
        { key: 'node', label: t('serverMonitor.nodeVersion'), children: system.nodeVersion },
        { key: 'uptime', label: t('serverMonitor.serverUptime'), children: duration(system.processUptimeSeconds) },
        { key: 'rss', label: t('serverMonitor.rss'), children: formatBytes(memory.processRssBytes) },
        { key: 'loop', label: t('serverMonitor.loopDelay'), children: `${eventLoop.meanMs} / ${eventLoop.maxMs} ms` },
        { key: 'path', label: t('serverMonitor.diskPath'), children: disk.path },
      ],
    },
    {
      key: 'database',
      title: t('serverMonitor.database'),
      items: [
        { key: 'kind', label: t('serverMonitor.databaseKind'), children: database.kind },
        { key: 'version', label: t('serverMonitor.databaseVersion'), children: database.version },
        { key: 'size', label: t('serverMonitor.databaseSize'), children: formatBytes(database.sizeBytes) },
        {
          key: 'connections',
          label: t('serverMonitor.connections'),
          children: `${database.connections} / ${database.maxConnections}`,
        },
      ],
    },
  ];
  return (
    <Row gutter={[16, 16]}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} lg={12}>
          <Card title={card.title} style={{ height: '100%' }}>
            <section aria-label={card.title}>
              <Descriptions column={1} size="small" items={card.items} styles={wrap} />
            </section>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
