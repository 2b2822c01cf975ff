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
