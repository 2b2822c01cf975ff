import Type, { type Static } from 'typebox';
import { CreateTimeRange, DateTime, Id, OneOf, PageQuery } from './common.ts';
import { CHANNELS, ORDER_STATES, type OrderState, WATER } from './gateway.ts';
import { listColumns } from './list-columns.ts';
import { FenField } from './money.ts';
import { CHANNEL_ACTOR, defineStateMachine, MACHINE_ACTOR, SYSTEM_ACTOR } from './state-machine.ts';

export type { Channel } from './gateway.ts';
export { CHANNELS, ORDER_STATES };

/** The permissions of the orders and refunds pages. */
export const ORDER_PERMISSIONS = {
  list: 'order:list',
  /** See the refunds and their review queue. */
  refundList: 'refund:list',
  /** Ask for a refund of a completed order. */
  refundAdd: 'refund:add',
  /** Approve or reject refunds (and confirm channel refunds with the channel's reference). */
  refundReview: 'refund:review',
} as const;

/** The longest time range an order list or export covers. */
export const ORDER_RANGE_MAX_DAYS = 92;

export const Order = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  machineOrderNo: Type.String(),
  machineId: Type.Integer(),
  serialNo: Type.String(),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  agentId: Type.Integer(),
  agentName: Type.String(),
  /** The member's phone, masked (`138****8000`); null for an anonymous sale. */
  memberPhone: Type.Union([Type.String(), Type.Null()]),
  channel: OneOf(CHANNELS),
  tap: Type.Integer(),
  waterType: OneOf(WATER),
  unitPrice: FenField({ description: 'fen per litre' }),
  requestedMl: Type.Integer(),
  dispensedMl: Type.Union([Type.Integer(), Type.Null()]),
  listAmount: FenField({ description: 'fen' }),
  discountAmount: FenField(),
  couponAmount: FenField(),
  payable: FenField(),
  paid: FenField(),
  refunded: FenField(),
  state: OneOf(ORDER_STATES),
  commissionRate: Type.String(),
  createTime: DateTime,
  paidTime: Type.Union([DateTime, Type.Null()]),
  dispenseEndTime: Type.Union([DateTime, Type.Null()]),
  closeTime: Type.Union([DateTime, Type.Null()]),
});
export type Order = Static<typeof Order>;

/** The orders' list, on the page and in its Excel file. */
export const ORDER_COLUMNS = listColumns<Order>()({
  orderNo: { field: 'orderNo', title: 'orders.orderNo', width: 180 },
  createTime: { field: 'createTime', title: 'orders.createTime', sortable: true, width: 170 },
  machine: { field: 'serialNo', title: 'orders.machine', width: 130 },
  site: { field: 'siteName', title: 'orders.site', width: 130 },
  agent: { field: 'agentName', title: 'orders.agent', hidden: true, width: 140 },
  member: { field: 'memberPhone', title: 'orders.member', fileOnly: true },
  channel: { field: 'channel', title: 'orders.channel', kind: 'enum', labels: 'orders.channels', width: 100 },
  requestedMl: { field: 'requestedMl', title: 'orders.requestedMl', kind: 'ml', fileOnly: true },
  volume: { field: 'dispensedMl', title: 'orders.volume', kind: 'ml', width: 90 },
  listAmount: { field: 'listAmount', title: 'orders.listAmount', kind: 'money', fileOnly: true },
  discount: { field: 'discountAmount', title: 'orders.discount', kind: 'money', fileOnly: true },
  coupon: { field: 'couponAmount', title: 'orders.coupon', kind: 'money', fileOnly: true },
  paid: { field: 'paid', title: 'orders.paid', kind: 'money', sortable: true, width: 110 },
  refunded: { field: 'refunded', title: 'orders.refunded', kind: 'money', hidden: true, width: 100 },
  state: { field: 'state', title: 'orders.state', kind: 'enum', labels: 'orders.states', sortable: true, width: 110 },
  paidTime: { field: 'paidTime', title: 'orders.paidTime', fileOnly: true },
  machineOrderNo: { field: 'machineOrderNo', title: 'orders.machineOrderNo', hidden: true, width: 150 },
});

export const OrderQuery = Type.Object({
  ...PageQuery.properties,
  /** Required: start and end of the sale's time (at most ORDER_RANGE_MAX_DAYS days). */
  createTime: CreateTimeRange,
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'our order number or the machine’s' })),
  agentId: Type.Optional(Id()),
  siteId: Type.Optional(Id()),
  machineId: Type.Optional(Id()),
  memberId: Type.Optional(Id()),
  channel: Type.Optional(OneOf(CHANNELS)),
  state: Type.Optional(OneOf(ORDER_STATES)),
});
export type OrderQuery = Static<typeof OrderQuery>;

/** The sums of the orders a list's filter matches (every page of it), in fen. */
export const OrderTotals = Type.Object({
  orders: Type.Integer(),
  payable: FenField(),
  paid: FenField(),
  refunded: FenField(),
  /** Paid less refunded. */
  net: FenField(),
});
export type OrderTotals = Static<typeof OrderTotals>;

/**
 * What the orders' filters offer: the agents, sites and machines of the caller's data scope
 * (staff who see orders but not those lists filter by them too).
 */
export const OrderFilterOptions = Type.Object({
  agents: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
  sites: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), agentId: Type.Integer() })),
  machines: Type.Array(
    Type.Object({
      id: Type.Integer(),
      serialNo: Type.String(),
      siteId: Type.Union([Type.Integer(), Type.Null()]),
    }),
  ),
});
export type OrderFilterOptions = Static<typeof OrderFilterOptions>;

/**
 * Why money goes back: the water did not come or came short, a customer or staff asked, or a
 * payment arrived for an order closed unpaid meanwhile.
 */
export const REFUND_REASONS = ['DISPENSE_FAILED', 'SHORT_FILL', 'CUSTOMER', 'STAFF', 'ORDER_CLOSED'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
/** The reasons staff give; the other two are the server's own. */
export const STAFF_REFUND_REASONS = ['CUSTOMER', 'STAFF'] as const;
/** `SENT`: handed to the payment channel's driver, whose outcome (by answer, notification or query) settles it. */
export const REFUND_STATUSES = ['PENDING', 'SENT', 'SUCCESS', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * An order's life. A machine makes it (`CREATED`); the machine (card, coins) or the payment
 * channel (WeChat, Alipay) pays it; the scheduled job closes it when left unpaid; the machine
 * reports the dispense, a failure or a short fill refunding what was not delivered. A payment
 * arriving for a closed order is recorded and refunded, and the order stays closed.
 */
export const ORDER_STATE_MACHINE = defineStateMachine({
  name: 'order',
  texts: { object: 'errors.objects.order', states: 'orders.states' },
  states: ORDER_STATES,
  initial: ['CREATED', 'PAID'],
  events: {
    PAY: { from: ['CREATED'], to: ['PAID'], by: [MACHINE_ACTOR, CHANNEL_ACTOR] },
    PAY_LATE: { from: ['CLOSED'], to: 'unchanged', by: [MACHINE_ACTOR, CHANNEL_ACTOR] },
    CLOSE: { from: ['CREATED'], to: ['CLOSED'], by: [SYSTEM_ACTOR] },
    START_DISPENSE: { from: ['PAID'], to: ['DISPENSING'], by: [MACHINE_ACTOR] },
    COMPLETE: { from: ['PAID', 'DISPENSING'], to: ['COMPLETED'], by: [MACHINE_ACTOR] },
    FAIL_DISPENSE: { from: ['PAID', 'DISPENSING'], to: ['REFUNDING', 'REFUNDED'], by: [MACHINE_ACTOR] },
    REQUEST_REFUND: { from: ['COMPLETED', 'PARTIALLY_REFUNDED'], to: 'unchanged', by: ['refund:add'] },
    /** A refund succeeded: the order is refunded in part or in full (a closed one stays closed). */
    REFUND: {
      from: ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDING', 'DISPENSE_FAILED', 'CLOSED'],
      to: ['PARTIALLY_REFUNDED', 'REFUNDED', 'CLOSED'],
      by: [SYSTEM_ACTOR, 'refund:review'],
    },
    /** The refund of a failed dispense was rejected: the order waits as failed. */
    REJECT_REFUND: { from: ['REFUNDING'], to: ['DISPENSE_FAILED'], by: ['refund:review'] },
  },
});
export type OrderEvent = keyof typeof ORDER_STATE_MACHINE.events;
export type { OrderState };

/**
 * A refund's life: the server's own (failed or short dispense, a late payment) and the staff's
 * requests wait `PENDING` unless they go back at once (card, coins); a reviewer other than the
 * requester approves or rejects them.
 */
export const REFUND_STATE_MACHINE = defineStateMachine({
  name: 'refund',
  texts: { object: 'errors.objects.refund', states: 'orders.statuses' },
  states: REFUND_STATUSES,
  initial: ['PENDING'],
  events: {
    /** Money given back at once: a card credited, coins paid out, or a staff refund under the review threshold. */
    SETTLE: { from: ['PENDING', 'SENT'], to: ['SUCCESS'], by: [SYSTEM_ACTOR] },
    APPROVE: { from: ['PENDING'], to: ['SUCCESS'], by: ['refund:review'] },
    REJECT: { from: ['PENDING'], to: ['FAILED'], by: ['refund:review'] },
    /**
     * An order paid through a channel's driver gets its money back through it: the server's own
     * refunds at once, a staff refund once approved. The channel's outcome settles it.
     */
    SEND: { from: ['PENDING'], to: ['SENT'], by: [SYSTEM_ACTOR, 'refund:review'] },
    /** The channel refused or failed the refund (its code kept as the reference): finance takes it from here. */
    CHANNEL_FAIL: { from: ['SENT'], to: ['FAILED'], by: [SYSTEM_ACTOR] },
  },
});
export type RefundEvent = keyof typeof REFUND_STATE_MACHINE.events;

export const Refund = Type.Object({
  id: Type.Integer(),
  refundNo: Type.String(),
  orderNo: Type.String(),
  agentId: Type.Integer(),
  agentName: Type.String(),
  serialNo: Type.String(),
  channel: OneOf(CHANNELS),
  amount: FenField({ description: 'fen' }),
  reason: OneOf(REFUND_REASONS),
  note: Type.Union([Type.String(), Type.Null()]),
  status: OneOf(REFUND_STATUSES),
  channelRef: Type.Union([Type.String(), Type.Null()]),
  createBy: Type.Union([Type.String(), Type.Null()]),
  reviewedBy: Type.Union([Type.String(), Type.Null()]),
  createTime: DateTime,
  doneTime: Type.Union([DateTime, Type.Null()]),
});
export type Refund = Static<typeof Refund>;

/** The refunds' list, on the page and in its Excel file. */
export const REFUND_COLUMNS = listColumns<Refund>()({
  refundNo: { field: 'refundNo', title: 'orders.refundNo', width: 200 },
  orderNo: { field: 'orderNo', title: 'orders.orderNo', width: 180 },
  machine: { field: 'serialNo', title: 'orders.machine', hidden: true, width: 120 },
  agent: { field: 'agentName', title: 'orders.agent', hidden: true, width: 140 },
  channel: { field: 'channel', title: 'orders.channel', kind: 'enum', labels: 'orders.channels', width: 100 },
  amount: { field: 'amount', title: 'orders.amount', kind: 'money', sortable: true, width: 110 },
  reason: { field: 'reason', title: 'orders.reason', kind: 'enum', labels: 'orders.reasons', width: 130 },
  note: { field: 'note', title: 'orders.note', hidden: true, width: 160 },
  status: {
    field: 'status',
    title: 'orders.status',
    kind: 'enum',
    labels: 'orders.statuses',
    sortable: true,
    width: 120,
  },
  channelRef: { field: 'channelRef', title: 'orders.channelRef', hidden: true, width: 160 },
  createBy: { field: 'createBy', title: 'orders.createdBy', width: 110 },
  reviewedBy: { field: 'reviewedBy', title: 'orders.reviewedBy', hidden: true, width: 110 },
  createTime: { field: 'createTime', title: 'list.createTime', sortable: true, width: 170 },
  doneTime: { field: 'doneTime', title: 'orders.doneTime', hidden: true, width: 170 },
});

export const OrderDetail = Type.Object({
  ...Order.properties,
  refunds: Type.Array(Refund),
  /**
   * The agent's commission on the order: its base is what was paid less what was refunded, plus
   * the discount of a used coupon the platform funds (an agent-funded coupon lowers the base);
   * the amount is the order's commission rate of it, rounded half up to fen.
   */
  commission: Type.Object({
    base: FenField({ description: 'fen' }),
    amount: FenField({ description: 'fen' }),
    /** The agents of the order's path that were frozen when it was sold: settlement holds their share until they are unfrozen. */
    heldAgentIds: Type.Array(Type.Integer()),
    /**
     * What each level of the path earns on the order now, top first: the seller its own rate, each
     * agent above the difference to the level below (docs/money.md).
     */
    levels: Type.Array(
      Type.Object({
        agentId: Type.Integer(),
        agentName: Type.String(),
        rate: Type.String({ description: 'percent of the base this level earns' }),
        amount: FenField({ description: 'fen' }),
        held: Type.Boolean(),
      }),
    ),
  }),
  /** What staff may still ask to refund: paid, less refunded, less refunds waiting for review (fen). */
  refundable: FenField({ description: 'fen' }),
});
export type OrderDetail = Static<typeof OrderDetail>;

export const RefundQuery = Type.Object({
  ...PageQuery.properties,
  createTime: Type.Optional(CreateTimeRange),
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'refund or order number' })),
  status: Type.Optional(OneOf(REFUND_STATUSES)),
  reason: Type.Optional(OneOf(REFUND_REASONS)),
  agentId: Type.Optional(Id()),
});
export type RefundQuery = Static<typeof RefundQuery>;

export const OrderNoParam = Type.Object({
  orderNo: Type.String({ pattern: '^\\d{18}$', errorMessage: 'must be an order number' }),
});

export const RefundRequestInput = Type.Object(
  {
    amount: FenField({ minimum: 1, maximum: 10_000_000, description: 'fen' }),
    reason: OneOf(STAFF_REFUND_REASONS),
    note: Type.String({ minLength: 1, maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type RefundRequestInput = Static<typeof RefundRequestInput>;

export const REFUND_REVIEW_ACTIONS = ['APPROVE', 'REJECT'] as const;

export const RefundReviewInput = Type.Object(
  {
    action: OneOf(REFUND_REVIEW_ACTIONS),
    /** Required to approve a WeChat or Alipay refund: the channel's reference of the money sent back. */
    channelRef: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be 1 to 64 letters, digits, _ or -' }),
    ),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type RefundReviewInput = Static<typeof RefundReviewInput>;
