/** Refusals of notification channels and rules (under `errors.notifications`). */
export const notificationsRefusals = {
  en: {
    notifications: {
      targetRequired: 'enter the channel’s address',
      badUrl: 'must be an http or https address',
      badEmails: 'must be e-mail addresses separated by commas',
      channelInUse: 'Channel {{name}} is used by {{count}} rule(s): delete or change them first',
      escalationNotAlarm: 'only rules on alarms (alarm opened, machine offline) escalate',
      escalationIncomplete: 'name both the escalation channel and its minutes, or neither',
    },
  },
  zh: {
    notifications: {
      targetRequired: '请输入渠道地址',
      badUrl: '必须是 http 或 https 地址',
      badEmails: '必须是以逗号分隔的邮箱地址',
      channelInUse: '渠道 {{name}} 被 {{count}} 条规则使用：请先删除或修改这些规则',
      escalationNotAlarm: '只有告警类规则（告警产生、设备离线）可以升级',
      escalationIncomplete: '升级渠道与分钟数须同时填写或同时留空',
    },
  },
};
