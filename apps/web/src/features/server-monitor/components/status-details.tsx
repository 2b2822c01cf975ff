import type { ServerStatus } from '@water/contract/logs';
import { Card, Col, Descriptions, Row } from 'antd';
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
  // Each card and each of its facts by the key of its label among the page's texts.
  const cards = [
    [
      'system',
      [
        ['os', system.os],
        ['hostname', system.hostname],
        ['ip', system.ip],
        ['machineUptime', duration(system.uptimeSeconds)],
      ],
    ],
    [
      'cpu',
      [
        ['model', cpu.model],
        ['logicalCores', cpu.cores],
        ['physicalCores', cpu.physicalCores],
        ['packages', cpu.packages],
        ['loadAverage', cpu.loadAverage.join(' / ')],
      ],
    ],
    [
      'process',
      [
        ['nodeVersion', system.nodeVersion],
        ['serverUptime', duration(system.processUptimeSeconds)],
        ['rss', formatBytes(memory.processRssBytes)],
        ['loopDelay', `${eventLoop.meanMs} / ${eventLoop.maxMs} ms`],
        ['diskPath', disk.path],
      ],
    ],
    [
      'database',
      [
        ['databaseKind', database.kind],
        ['databaseVersion', database.version],
        ['databaseSize', formatBytes(database.sizeBytes)],
        ['connections', `${database.connections} / ${database.maxConnections}`],
      ],
    ],
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      {cards.map(([card, facts]) => {
        const title = t(`serverMonitor.${card}`);
        const items = facts.map(([label, value]) => ({
          key: label,
          label: t(`serverMonitor.${label}`),
          children: value,
        }));
        return (
          <Col key={card} xs={24} lg={12}>
            <Card title={title} style={{ height: '100%' }}>
              <section aria-label={title}>
                <Descriptions column={1} size="small" items={items} styles={wrap} />
              </section>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
