import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { keepPartitions, type PartitionedTable, type PartitionUpkeep } from './lib/partitions.ts';
import type { Clock } from './lib/time.ts';
import { changeRecordPartitions } from './modules/audit/change-partitions.ts';
import { ledgerPartitions } from './modules/ledger/ledger-partitions.ts';
import { orderPartitions } from './modules/orders/order-partitions.ts';
import { telemetryPartitions } from './modules/telemetry/telemetry-partitions.ts';

/** Every table kept in partitions, with how far ahead they are made and how long they are kept. */
export function partitionedTables(config: Config): PartitionedTable[] {
  const telemetry = telemetryPartitions({
    rawDays: config.telemetryRawDays,
    summaryMonths: config.telemetrySummaryMonths,
  });
  return [
    orderPartitions(config.orderRetentionMonths),
    ...Object.values(telemetry),
    ledgerPartitions(config.ledgerRetentionMonths),
    changeRecordPartitions(),
  ];
}

/** The 'partition-upkeep' job: makes the partitions ahead and drops those past retention, for every table. */
export function partitionUpkeep({ db, clock }: { db: Database; clock: Clock }, config: Config) {
  const tables = partitionedTables(config);
  return (): Promise<PartitionUpkeep> => keepPartitions(db, tables, clock.now());
}
