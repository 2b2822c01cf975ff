import Type, { type Static } from 'typebox';
import { DateTime, ID_MAX, Id, nullable, OneOf, PageQuery } from './common.ts';

/**
 * Notifications: channels (e-mail, WeCom, DingTalk and Feishu group robots, a signed webhook),
 * rules that send an event of an agent's machines (or of all) to a channel, with an escalation
 * when an alarm is not acknowledged in time, and the log of every message sent (docs/notifications.md).
 */

/** Seeing the channels, rules and delivery log; changing them and testing a channel. */
export const NOTIFY_PERMISSIONS = { list: 'notify:list', edit: 'notify:edit' } as const;

export const CHANNEL_KINDS = ['EMAIL', 'WECOM', 'DINGTALK', 'FEISHU', 'WEBHOOK'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The robots of chat groups: their webhook address holds their key. */
export const ROBOT_KINDS: readonly ChannelKind[] = ['WECOM', 'DINGTALK', 'FEISHU'];

/**
 * What a rule may send. ALARM_OPENED is any alarm but OFFLINE, which is MACHINE_OFFLINE; the
 * field-work events are raised by work orders, SLA clocks and filter schedules.
 */
export const NOTIFY_EVENTS = [
  'ALARM_OPENED',
  'MACHINE_OFFLINE',
  'WITHDRAWAL_REQUESTED',
  'WORK_ORDER_ASSIGNED',
  'SLA_BREACHED',
  'FILTER_DUE',
  'STOCK_LOW',
] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/** The events about an alarm: a rule on them may escalate when the alarm is not acknowledged. */
export const ALARM_EVENTS: readonly NotifyEvent[] = ['ALARM_OPENED', 'MACHINE_OFFLINE', 'SLA_BREACHED'];

export const MESSAGE_LANGUAGES = ['zh', 'en'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/** Robots take at most 20 messages a minute (WeCom and DingTalk refuse more). */
export const DEFAULT_RATE_PER_MINUTE = 20;
/** Events that come together within this many seconds go out as one message. */
export const DEFAULT_DIGEST_SECONDS = 10;

/** A channel as answered: its address masked when it holds a key, its secret never. */
export const NotifyChannel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  kind: OneOf(CHANNEL_KINDS),
  /** E-mail addresses; or the webhook address, masked: `https://qyapi.weixin.qq.com/…a1b2`. */
  target: Type.String(),
  /** Whether a signing secret is kept (it is never answered). */
  secretSet: Type.Boolean(),
  language: OneOf(MESSAGE_LANGUAGES),
  ratePerMinute: Type.Integer(),
  digestSeconds: Type.Integer(),
  enabled: Type.Boolean(),
  createTime: DateTime,
});
export type NotifyChannel = Static<typeof NotifyChannel>;

/**
 * A channel to add or change. On a change, an absent or empty `target` keeps the address kept
 * (the answer shows it masked); an absent `secret` keeps the secret, an empty one removes it.
 */
export const NotifyChannelInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64 }),
    kind: OneOf(CHANNEL_KINDS),
    target: Type.Optional(Type.String({ maxLength: 1000 })),
    secret: Type.Optional(Type.String({ maxLength: 256 })),
    language: OneOf(MESSAGE_LANGUAGES),
    ratePerMinute: Type.Integer({ minimum: 1, maximum: 600 }),
    digestSeconds: Type.Integer({ minimum: 0, maximum: 600 }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type NotifyChannelInput = Static<typeof NotifyChannelInput>;

export const NotifyRule = Type.Object({
  id: Type.Integer(),
  event: OneOf(NOTIFY_EVENTS),
  /** The agent whose machines (and its sub-agents') it covers; null: every agent. */
  agentId: Type.Union([Type.Integer(), Type.Null()]),
  agentName: Type.Union([Type.String(), Type.Null()]),
  channelId: Type.Integer(),
  channelName: Type.String(),
  escalationChannelId: Type.Union([Type.Integer(), Type.Null()]),
  escalationChannelName: Type.Union([Type.String(), Type.Null()]),
  escalateAfterMinutes: Type.Union([Type.Integer(), Type.Null()]),
  enabled: Type.Boolean(),
  createTime: DateTime,
});
export type NotifyRule = Static<typeof NotifyRule>;

export const NotifyRuleInput = Type.Object(
  {
    event: OneOf(NOTIFY_EVENTS),
    agentId: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: ID_MAX })),
    channelId: Id(),
    escalationChannelId: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: ID_MAX })),
    escalateAfterMinutes: Type.Optional(nullable<number>('integer', { minimum: 1, maximum: 10080 })),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type NotifyRuleInput = Static<typeof NotifyRuleInput>;

export const DELIVERY_STATES = ['PENDING', 'SENT', 'FAILED'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A message sent (or to be sent, or given up) on a channel. */
export const NotifyDelivery = Type.Object({
  id: Type.Integer(),
  channelId: Type.Integer(),
  channelName: Type.String(),
  /** The events it tells of, comma-separated; `TEST` for a channel's test. */
  events: Type.String(),
  /** How many events it tells of (a digest tells of many). */
  itemCount: Type.Integer(),
  subject: Type.String(),
  escalation: Type.Boolean(),
  state: OneOf(DELIVERY_STATES),
  /** Attempts made so far (at most 4: the first and 3 retries). */
  attempts: Type.Integer(),
  /** Why the last attempt failed, without the channel's address or secret. */
  error: Type.Union([Type.String(), Type.Null()]),
  createTime: DateTime,
  sentTime: Type.Union([DateTime, Type.Null()]),
  nextAttemptTime: Type.Union([DateTime, Type.Null()]),
});
export type NotifyDelivery = Static<typeof NotifyDelivery>;

export const NotifyDeliveryQuery = Type.Object({
  ...PageQuery.properties,
  channelId: Type.Optional(Id()),
  state: Type.Optional(OneOf(DELIVERY_STATES)),
});
export type NotifyDeliveryQuery = Static<typeof NotifyDeliveryQuery>;

export const NotifyListQuery = Type.Object({ ...PageQuery.properties });
export type NotifyListQuery = Static<typeof NotifyListQuery>;
