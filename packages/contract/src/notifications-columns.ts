import { listColumns } from './list-columns.ts';
import type { NotifyChannel, NotifyDelivery, NotifyRule } from './notifications.ts';

export const NOTIFY_CHANNEL_COLUMNS = listColumns<NotifyChannel>()({
  name: { field: 'name', title: 'notifications.name', sortable: true, width: 160 },
  kind: { field: 'kind', title: 'notifications.kind', kind: 'enum', labels: 'notifications.kinds', width: 140 },
  target: { field: 'target', title: 'notifications.target', width: 260 },
  language: {
    field: 'language',
    title: 'notifications.language',
    kind: 'enum',
    labels: 'notifications.languages',
    width: 100,
  },
  ratePerMinute: { field: 'ratePerMinute', title: 'notifications.rate', width: 120 },
  digestSeconds: { field: 'digestSeconds', title: 'notifications.digestSeconds', hidden: true, width: 110 },
  secretSet: { field: 'secretSet', title: 'notifications.secretSet', kind: 'yesNo', width: 80 },
  enabled: { field: 'enabled', title: 'notifications.enabled', kind: 'yesNo', width: 80 },
});

export const NOTIFY_RULE_COLUMNS = listColumns<NotifyRule>()({
  event: { field: 'event', title: 'notifications.event', kind: 'enum', labels: 'notifications.eventNames', width: 150 },
  agentName: { field: 'agentName', title: 'notifications.scope', width: 160 },
  channelName: { field: 'channelName', title: 'notifications.channel', width: 160 },
  escalationChannelName: { field: 'escalationChannelName', title: 'notifications.escalationChannel', width: 160 },
  escalateAfterMinutes: { field: 'escalateAfterMinutes', title: 'notifications.escalateAfterMinutes', width: 120 },
  enabled: { field: 'enabled', title: 'notifications.enabled', kind: 'yesNo', width: 80 },
});

export const NOTIFY_DELIVERY_COLUMNS = listColumns<NotifyDelivery>()({
  createTime: { field: 'createTime', title: 'notifications.createTime', sortable: true, width: 165 },
  channelName: { field: 'channelName', title: 'notifications.channel', width: 150 },
  events: { field: 'events', title: 'notifications.events', width: 150 },
  subject: { field: 'subject', title: 'notifications.subject', width: 240 },
  itemCount: { field: 'itemCount', title: 'notifications.itemCount', width: 70 },
  state: {
    field: 'state',
    title: 'notifications.state',
    kind: 'enum',
    labels: 'notifications.deliveryStates',
    width: 100,
  },
  attempts: { field: 'attempts', title: 'notifications.attempts', width: 80 },
  error: { field: 'error', title: 'notifications.error', width: 220 },
  escalation: { field: 'escalation', title: 'notifications.escalation', kind: 'yesNo', hidden: true, width: 80 },
  sentTime: { field: 'sentTime', title: 'notifications.sentTime', hidden: true, width: 165 },
  nextAttemptTime: { field: 'nextAttemptTime', title: 'notifications.nextAttemptTime', hidden: true, width: 165 },
});
