/** Refusals of firmware packages, rollouts and updates (under `errors.firmware`). */
export const firmwareRefusals = {
  en: {
    firmware: {
      versionTaken: 'version {{version}} of this model is already uploaded',
      inUse: 'Firmware {{version}} is taken by rollout {{rolloutId}}: it cannot be deleted',
      wrongModel: 'machine {{serialNo}} is not of the package’s model ({{model}})',
      busy: 'machine {{serialNo}} already has a firmware update under way (rollout {{rolloutId}})',
      batchesTooLarge: 'add up to {{sum}}, more than the {{count}} machines chosen',
      noPrevious: 'No firmware of {{model}} was uploaded before {{version}}: there is nothing to roll back to',
      nothingUpdated: 'The rollout updated no machine: there is nothing to roll back',
      noSuchUpdate: 'Machine {{serialNo}} has no firmware update {{updateId}}',
      badLink: 'The download link is not valid or has expired: wait for the next FIRMWARE_UPDATE command',
    },
  },
  zh: {
    firmware: {
      versionTaken: '该型号已上传过版本 {{version}}',
      inUse: '固件 {{version}} 已被发布 {{rolloutId}} 使用，不能删除',
      wrongModel: '设备 {{serialNo}} 不是该固件包的型号（{{model}}）',
      busy: '设备 {{serialNo}} 已有进行中的固件升级（发布 {{rolloutId}}）',
      batchesTooLarge: '合计 {{sum}}，超过所选的 {{count}} 台设备',
      noPrevious: '{{model}} 在 {{version}} 之前没有上传过固件，无法回滚',
      nothingUpdated: '该发布没有升级任何设备，无需回滚',
      noSuchUpdate: '设备 {{serialNo}} 没有固件升级 {{updateId}}',
      badLink: '下载链接无效或已过期，请等待下一条 FIRMWARE_UPDATE 指令',
    },
  },
};
