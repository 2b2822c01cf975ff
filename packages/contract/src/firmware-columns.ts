import type { FirmwarePackage, FirmwareUpdate } from './firmware.ts';
import { listColumns } from './list-columns.ts';

/** The firmware packages list. */
export const FIRMWARE_PACKAGE_COLUMNS = listColumns<FirmwarePackage>()({
  version: { field: 'version', title: 'firmware.version', sortable: true, width: 110 },
  model: { field: 'modelName', title: 'firmware.model', width: 150 },
  size: { field: 'size', title: 'firmware.size', width: 100 },
  sha256: { field: 'sha256', title: 'firmware.sha256', width: 200 },
  notes: { field: 'notes', title: 'firmware.notes', width: 200 },
  fileName: { field: 'fileName', title: 'firmware.file', hidden: true, width: 160 },
  createBy: { field: 'createBy', title: 'firmware.createBy', hidden: true, width: 100 },
  createTime: { field: 'createTime', title: 'firmware.createTime', width: 165 },
});

/** A rollout's machines, and a machine's updates. */
export const FIRMWARE_UPDATE_COLUMNS = listColumns<FirmwareUpdate>()({
  serialNo: { field: 'serialNo', title: 'firmware.serialNo', width: 150 },
  version: { field: 'version', title: 'firmware.version', width: 100 },
  stage: { field: 'stage', title: 'firmware.stage', sortable: true, width: 70 },
  state: {
    field: 'state',
    title: 'firmware.state',
    kind: 'enum',
    labels: 'firmware.updateStates',
    sortable: true,
    width: 130,
  },
  percent: { field: 'percent', title: 'firmware.progress', width: 90 },
  fromVersion: { field: 'fromVersion', title: 'firmware.fromVersion', width: 100 },
  error: { field: 'error', title: 'firmware.error', width: 180 },
  finishedTime: { field: 'finishedTime', title: 'firmware.finishedTime', width: 165 },
});
