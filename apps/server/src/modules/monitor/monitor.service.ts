import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ServerStatus, StatementStats } from '@water/contract/logs';
import type { Deps } from '../../lib/deps.ts';
import { formatDateTime } from '../../lib/time.ts';
import { toEladminMonitor } from './eladmin-monitor.ts';
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

/** The first external IPv4 address of the machine. */
function externalAddress(): string {
  for (const addresses of Object.values(os.networkInterfaces())) {
    const found = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (found) return found.address;
  }
  return '127.0.0.1';
}

interface Hardware {
  model: string;
  physicalCores: number;
  packages: number;
  os: string;
}

/** systeminformation, loaded when the monitor is first read rather than while the server starts. */
const systemInformation = async () => (await import('systeminformation')).default;

/** What does not change while the server runs; asking runs commands (lscpu), so once only. */
async function readHardware(): Promise<Hardware> {
  const si = await systemInformation();
  const fallbackOs = `${os.type()} ${os.release()} (${os.arch()})`;
  const [cpu, system] = await Promise.all([si.cpu().catch(() => undefined), si.osInfo().catch(() => undefined)]);
  const logical = os.cpus().length;
  return {
    model: (cpu?.brand ? `${cpu.manufacturer} ${cpu.brand}`.trim() : os.cpus()[0]?.model) || 'unknown',
    physicalCores: cpu?.physicalCores || logical,
    packages: cpu?.processors || 1,
    os: system?.distro ? `${system.distro} ${system.release} (${os.type()} ${os.release()}, ${os.arch()})` : fallbackOs,
  };
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

export type MonitorService = ReturnType<typeof createMonitorService>;

/** Figures of the server, its disk and its database, and the SQL statements it ran. */
export function createMonitorService(
  { db, database, clock }: Pick<Deps, 'db' | 'database' | 'clock'>,
  dataDir: string,
) {
  let previous = cpuTimes();
  let hardware: Promise<Hardware> | undefined;
  // Sampled every 20 ms; read and started afresh at each reading.
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();

  async function server(): Promise<ServerStatus> {
    const current = cpuTimes();
    const busy = current.total - previous.total;
    const usedPercent = busy > 0 ? Math.round((1 - (current.idle - previous.idle) / busy) * 1000) / 10 : 0;
    previous = current;
    hardware ??= readHardware();
    const [fixed, memory, disk, sizeBytes, version, connections, maxConnections] = await Promise.all([
      hardware,
      systemInformation().then((si) => si.mem()),
      statfs(dataDir).catch(() => statfs('/')),
      repo.databaseBytes(db),
      repo.serverVersion(db),
      repo.connections(db),
      repo.maxConnections(db),
    ]);
    // Nanoseconds; NaN before the first sample.
    const meanMs = Number.isFinite(loopDelay.mean) ? round(loopDelay.mean / 1e6, 2) : 0;
    const maxMs = Number.isFinite(loopDelay.max) && loopDelay.count > 0 ? round(loopDelay.max / 1e6, 2) : 0;
    loopDelay.reset();
    const embedded = database.kind === 'pglite';
    return {
      system: {
        os: fixed.os,
        hostname: os.hostname(),
        ip: externalAddress(),
        uptimeSeconds: Math.round(os.uptime()),
        nodeVersion: process.version,
        processUptimeSeconds: Math.round(process.uptime()),
        time: formatDateTime(clock.now()) as string,
      },
      cpu: {
        model: fixed.model,
        cores: os.cpus().length,
        physicalCores: fixed.physicalCores,
        packages: fixed.packages,
        loadAverage: os.loadavg().map((load) => round(load, 2)),
        usedPercent,
      },
      memory: {
        totalBytes: memory.total,
        usedBytes: memory.total - memory.available,
        availableBytes: memory.available,
        processRssBytes: process.memoryUsage().rss,
      },
      swap: { totalBytes: memory.swaptotal, usedBytes: memory.swapused },
      disk: {
        path: dataDir,
        totalBytes: disk.blocks * disk.bsize,
        usedBytes: (disk.blocks - disk.bfree) * disk.bsize,
      },
      eventLoop: { meanMs, maxMs },
      database: {
        kind: embedded ? 'PostgreSQL (embedded)' : 'PostgreSQL',
        sizeBytes,
        version,
        connections,
        // The embedded database serves this one process over a single connection.
        maxConnections: embedded ? 1 : maxConnections,
      },
    };
  }

  return {
    server,

    /** eladmin's `api/monitor` figures, from the same readings. */
    async eladmin() {
      return toEladminMonitor(await server(), clock.now());
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
          lastSeen: formatDateTime(new Date(entry.lastSeen)) as string,
        }));
    },

    resetStatements(): void {
      database.stats.reset();
    },
  };
}
