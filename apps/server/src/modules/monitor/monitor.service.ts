import { statfs } from 'node:fs/promises';
import os from 'node:os';
import type { ServerStatus, StatementStats } from '@water/contract/logs';
import type { Deps } from '../../lib/deps.ts';
import { formatDateTime } from '../../lib/time.ts';
import { monitorRepository as repo } from './monitor.repository.ts';

/** The cores' counters, from which the busy share between two readings follows. */
function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const times = cpu.times;
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.irq + times.idle;
  }
  return { idle, total };
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

export type MonitorService = ReturnType<typeof createMonitorService>;

/** Figures of the server, its disk and its database, and the SQL statements it ran. */
export function createMonitorService(
  { db, database, clock }: Pick<Deps, 'db' | 'database' | 'clock'>,
  dataDir: string,
) {
  let previous = cpuTimes();
  return {
    async server(): Promise<ServerStatus> {
      const current = cpuTimes();
      const busy = current.total - previous.total;
      const usedPercent = busy > 0 ? Math.round((1 - (current.idle - previous.idle) / busy) * 1000) / 10 : 0;
      previous = current;
      const disk = await statfs(dataDir).catch(() => statfs('/'));
      const [sizeBytes, version] = await Promise.all([repo.databaseBytes(db), repo.serverVersion(db)]);
      const cpus = os.cpus();
      return {
        system: {
          os: `${os.type()} ${os.release()} (${os.arch()})`,
          hostname: os.hostname(),
          uptimeSeconds: Math.round(os.uptime()),
          nodeVersion: process.version,
          processUptimeSeconds: Math.round(process.uptime()),
          time: formatDateTime(clock.now()) as string,
        },
        cpu: {
          model: cpus[0]?.model ?? 'unknown',
          cores: cpus.length,
          loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
          usedPercent,
        },
        memory: {
          totalBytes: os.totalmem(),
          usedBytes: os.totalmem() - os.freemem(),
          processRssBytes: process.memoryUsage().rss,
        },
        disk: {
          path: dataDir,
          totalBytes: disk.blocks * disk.bsize,
          usedBytes: (disk.blocks - disk.bfree) * disk.bsize,
        },
        database: {
          kind: database.kind === 'pglite' ? 'PostgreSQL (embedded)' : 'PostgreSQL',
          sizeBytes,
          version,
        },
      };
    },

    /** Every statement run since start (or the last reset), the longest in total first. */
    statements(): StatementStats[] {
      return database.stats
        .snapshot()
        .sort((a, b) => b.totalMs - a.totalMs)
        .map((entry) => ({
          ...entry,
          totalMs: round(entry.totalMs),
          maxMs: round(entry.maxMs),
          avgMs: round(entry.totalMs / entry.count),
        }));
    },

    resetStatements(): void {
      database.stats.reset();
    },
  };
}
