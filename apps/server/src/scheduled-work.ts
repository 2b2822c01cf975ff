import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client.ts';
import { Scheduler } from './lib/scheduler.ts';

type Job = () => Promise<unknown>;

/**
 * How often the offline check runs: a quarter of OFFLINE_AFTER (a machine is marked offline at
 * most that much late), between every 5 and every 30 seconds.
 */
export function offlineCheckPattern(offlineAfterMs: number): string {
  const seconds = Math.min(30, Math.max(5, Math.floor(offlineAfterMs / 4000)));
  return `*/${seconds} * * * * *`;
}

/** The server's own recurring work on the sales side, each job run by one instance at a time. */
export function scheduledWork(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  offlineAfterMs: number,
  jobs: {
    closeUnpaid: Job;
    sendChannelRefunds: Job;
    checkOffline: Job;
    purgeNonces: Job;
    mqttAccounts: Job;
    commandTimeouts: Job;
    firmwareTimeouts: Job;
    purgeSignIns: Job;
    checkNoSales: Job;
    expireCoupons: Job;
    purgeExports: Job;
    summariseTelemetry: Job;
    telemetryPartitions: Job;
    changeRecordPartitions: Job;
  },
): Scheduler {
  return new Scheduler(database, log)
    .add('close-unpaid-orders', '*/15 * * * * *', jobs.closeUnpaid)
    .add('send-channel-refunds', '*/15 * * * * *', jobs.sendChannelRefunds)
    .add('offline-check', offlineCheckPattern(offlineAfterMs), jobs.checkOffline)
    .add('purge-gateway-nonces', '0 * * * * *', jobs.purgeNonces)
    .add('mqtt-accounts', '40 * * * * *', jobs.mqttAccounts)
    .add('command-timeouts', '*/15 * * * * *', jobs.commandTimeouts)
    .add('firmware-timeouts', '*/15 * * * * *', jobs.firmwareTimeouts)
    .add('purge-expired-sign-ins', '30 * * * * *', jobs.purgeSignIns)
    .add('no-sales-check', '0 */10 * * * *', jobs.checkNoSales)
    .add('expire-coupons', '0 0 * * * *', jobs.expireCoupons)
    .add('purge-exports', '0 30 * * * *', jobs.purgeExports)
    .add('summarise-telemetry', '20 * * * * *', jobs.summariseTelemetry)
    .add('telemetry-partitions', '0 5 * * * *', jobs.telemetryPartitions)
    .add('change-record-partitions', '0 15 * * * *', jobs.changeRecordPartitions);
}
