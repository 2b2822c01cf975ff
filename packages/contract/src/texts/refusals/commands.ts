/** Refusals of machines' commands and settings (under `errors.commands`). */
export const commandsRefusals = {
  en: {
    commands: {
      paramRequired: 'is required by the command {{type}}',
      paramNotTaken: 'is not taken by the command {{type}}',
      noPrices: 'no price policy covers machine {{serialNo}}: there are no prices to send',
      settingsChanged: 'The desired settings were changed meanwhile (now version {{version}}); look again and retry',
      noSuchCommand: 'Machine {{serialNo}} has no command {{commandId}}',
      maintenance: 'Machine {{serialNo}} is in maintenance mode (locked): it takes no new orders',
    },
  },
  zh: {
    commands: {
      paramRequired: '指令 {{type}} 需要此项',
      paramNotTaken: '指令 {{type}} 不接受此项',
      noPrices: '设备 {{serialNo}} 不在任何价格策略范围内，没有可下发的价格',
      settingsChanged: '期望配置已被他人修改（当前为第 {{version}} 版），请刷新后重试',
      noSuchCommand: '设备 {{serialNo}} 没有指令 {{commandId}}',
      maintenance: '设备 {{serialNo}} 处于维护模式（已锁定），不接受新订单',
    },
  },
};
