import type { EladminMonitor, ServerStatus } from '@water/contract/logs';
import dayjs from 'dayjs';

/** What eladmin's `sys.project` named: the product this server runs. */
const PROJECT = 'Equipment Agent Distribution Management System';

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** A size as eladmin printed it: "512 bytes", "1.5 KiB", "15.6 GiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  let value = bytes;
  let unit = -1;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}

const percent = (part: number, whole: number) => (whole > 0 ? ((part / whole) * 100).toFixed(2) : '0.00');

function usage(totalBytes: number, usedBytes: number) {
  return {
    total: formatBytes(totalBytes),
    used: formatBytes(usedBytes),
    available: formatBytes(totalBytes - usedBytes),
    usageRate: percent(usedBytes, totalBytes),
  };
}

/** How long the process has run, in whole days and hours, as eladmin wrote it ("2天3小时"). */
export function runningFor(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  if (days === 0) return `${hours}小时`;
  return hours === 0 ? `${days}天` : `${days}天${hours}小时`;
}

/** The figures in the shape of eladmin's `GET api/monitor`, which eladmin-web's server page reads. */
export function toEladminMonitor(status: ServerStatus, now: Date): EladminMonitor {
  const { cpu, memory, swap, disk, system } = status;
  return {
    sys: { os: system.os, ip: system.ip, project: PROJECT, day: runningFor(system.processUptimeSeconds) },
    cpu: {
      name: cpu.model,
      package: `${cpu.packages}个物理CPU`,
      core: `${cpu.physicalCores}个物理核心`,
      coreNumber: cpu.physicalCores,
      logic: `${cpu.cores}个逻辑CPU`,
      used: cpu.usedPercent.toFixed(2),
      idle: (100 - cpu.usedPercent).toFixed(2),
    },
    memory: usage(memory.totalBytes, memory.usedBytes),
    swap: usage(swap.totalBytes, swap.usedBytes),
    disk: usage(disk.totalBytes, disk.usedBytes),
    time: dayjs(now).format('HH:mm:ss'),
  };
}
