import type { Machine } from '@water/contract/machines';

/** A machine as the list answers it: in stock unless `overrides` say otherwise. */
export const machine = (id: number, serialNo: string, overrides: Partial<Machine> = {}): Machine => ({
  id,
  serialNo,
  stickerCode: serialNo,
  imei: null,
  iccid: null,
  modelId: 1,
  modelName: 'RO 400',
  firmware: null,
  agentId: null,
  agentName: null,
  siteId: null,
  siteName: null,
  lifecycle: 'IN_STOCK',
  warrantyEnd: null,
  online: false,
  lastHeartbeat: null,
  settingsDriftSince: null,
  createTime: '2026-11-23 09:00:00',
  ...overrides,
});

/** A machine's detail as `api/machines/3/status` answers it, its sales per hour or per day. */
export const machineStatus = (period: string) => ({
  machine: machine(3, 'WM-0003', { lifecycle: 'OPERATING', online: true }),
  siteName: 'North Campus',
  runtime: {
    online: true,
    lastHeartbeat: '2026-11-23 10:00:00',
    signal: 22,
    temperature: '21.5',
    tdsIn: 160,
    tdsOut: 9,
    tankLevel: 70,
    makingWater: false,
    doorOpen: false,
    faults: ['PUMP'],
  },
  prices: { policyId: 1, WECHAT: 50, ALIPAY: 50, CARD: 40, COIN: 50, memberPrice: null, discountPct: '0.00' },
  today: { label: '2026-11-23', net: 250, orders: 2, dispensedMl: 7000 },
  series: Array.from({ length: period === 'HOUR' ? 24 : 30 }, (_, index) => ({
    label: String(index),
    net: index,
    orders: 0,
    dispensedMl: 0,
  })),
});

/** A machine's readings over a range as `api/machines/3/telemetry` answers them: its last slots reported, or none. */
export function machineTelemetry(range: '24h' | '7d' | '90d', reported: boolean) {
  const slots = { '24h': 288, '7d': 168, '90d': 2160 }[range];
  const filled = (value: number) =>
    Array.from({ length: slots }, (_, slot) => (reported && slot >= slots - 3 ? value : null));
  const metric = (value: number) => ({ min: filled(value - 1), avg: filled(value), max: filled(value + 1) });
  return {
    range,
    from: range === '24h' ? '2026-11-22 10:05:00' : '2026-11-16 11:00:00',
    stepSeconds: range === '24h' ? 300 : 3600,
    samples: Array.from({ length: slots }, (_, slot) => (reported && slot >= slots - 3 ? 5 : 0)),
    metrics: {
      tdsIn: metric(160),
      tdsOut: metric(9),
      temperature: metric(21.5),
      tankLevel: metric(70),
      signal: metric(22),
    },
  };
}
