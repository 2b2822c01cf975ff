import type { Machine, MachineModel } from '@water/contract/machines';
import { asFen } from '@water/contract/money';
import { formatDateTime } from '../../lib/time.ts';
import type { MachineRow, ModelRow } from './machines.repository.ts';

/** A period without sales. */

export const EMPTY_SALES = { net: asFen(0), orders: 0, dispensedMl: 0 };

/** A serial number or sticker code, as registering one takes it. */
export const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{3,63}$/;

export function modelDto(row: ModelRow): MachineModel {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    taps: row.taps,
    waterTypes: row.waterTypes as MachineModel['waterTypes'],
    tankLitres: row.tankLitres,
    outputLph: row.outputLph,
    billing: row.billing as MachineModel['billing'],
    pulsesPerLitre: row.pulsesPerLitre,
    machines: row.machines,
    createTime: formatDateTime(row.createTime),
  };
}

export function machineDto(row: MachineRow): Machine {
  return {
    id: row.id,
    serialNo: row.serialNo,
    stickerCode: row.stickerCode,
    imei: row.imei,
    iccid: row.iccid,
    modelId: row.modelId,
    modelName: row.modelName,
    firmware: row.firmware,
    agentId: row.agentId,
    agentName: row.agentName,
    siteId: row.siteId,
    siteName: row.siteName,
    lifecycle: row.lifecycle,
    warrantyEnd: row.warrantyEnd,
    online: row.online,
    lastHeartbeat: formatDateTime(row.lastHeartbeat),
    createTime: formatDateTime(row.createTime),
  };
}
