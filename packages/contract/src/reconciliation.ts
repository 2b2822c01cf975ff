import Type, { type Static } from 'typebox';
import { DateTime, Id, OneOf, PageQuery } from './common.ts';
import { listColumns } from './list-columns.ts';
import { FenField } from './money.ts';
import { defineStateMachine } from './state-machine.ts';

/** The permissions of reconciliation with the payment channels: the platform's finance staff only. */
export const RECONCILIATION_PERMISSIONS = {
  /** The imported statements and their discrepancies. */
  list: 'reconcile:list',
  /** Upload a channel's daily statement (books the channel's fees). */
  import: 'reconcile:import',
  /** Resolve a discrepancy with a note. */
  resolve: 'reconcile:resolve',
} as const;

/** The channels that publish a daily statement we reconcile with. */
export const STATEMENT_CHANNELS = ['WECHAT', 'ALIPAY'] as const;
export type StatementChannel = (typeof STATEMENT_CHANNELS)[number];

/** The statement files read: WeChat Pay's trade bill (交易账单) and Alipay's business detail (业务明细). */
export const STATEMENT_FORMATS = ['WECHAT_TRADE_BILL', 'ALIPAY_BUSINESS_DETAIL'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
/** The channel each format comes from. */
export const CHANNEL_OF_FORMAT: Record<StatementFormat, StatementChannel> = {
  WECHAT_TRADE_BILL: 'WECHAT',
  ALIPAY_BUSINESS_DETAIL: 'ALIPAY',
};
export const STATEMENT_ENCODINGS = ['UTF-8', 'GBK'] as const;

/** The largest statement file accepted: a busy day's 300,000 rows of WeChat Pay's bill fit well within it. */
export const STATEMENT_MAX_BYTES = 100 * 1024 * 1024;

/**
 * How each row of a statement, and each of our payments and refunds of its channel and day, is
 * classified (docs/money.md, Reconciliation): the same money on both sides; the same record with
 * another amount; the same record in another state (paid or refunded on one side only); ours
 * only; the channel's only.
 */
export const RECONCILIATION_CLASSES = [
  'MATCHED',
  'AMOUNT_DIFFERS',
  'STATE_DIFFERS',
  'OURS_ONLY',
  'CHANNEL_ONLY',
] as const;
export type ReconciliationClass = (typeof RECONCILIATION_CLASSES)[number];
export const DISCREPANCY_CLASSES = ['AMOUNT_DIFFERS', 'STATE_DIFFERS', 'OURS_ONLY', 'CHANNEL_ONLY'] as const;
export type DiscrepancyClass = (typeof DISCREPANCY_CLASSES)[number];

/** What a discrepancy is about: a payment (by our order number) or a refund (by our refund number). */
export const DISCREPANCY_KINDS = ['PAYMENT', 'REFUND'] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

/** A statement row's state as the channel says it: paid, paid then cancelled, refunded, refund not (yet) done. */
export const CHANNEL_STATES = ['PAID', 'CANCELLED', 'REFUNDED', 'REFUND_UNSETTLED'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

export const DISCREPANCY_STATES = ['OPEN', 'RESOLVED'] as const;
export type DiscrepancyState = (typeof DISCREPANCY_STATES)[number];

/**
 * A discrepancy's life: open when an import finds it, resolved by finance with a note saying
 * what was done. A period of the ledger does not close while one of its days has an open one.
 */
export const DISCREPANCY_STATE_MACHINE = defineStateMachine({
  name: 'discrepancy',
  texts: { object: 'errors.objects.discrepancy', states: 'reconciliation.states' },
  states: DISCREPANCY_STATES,
  initial: ['OPEN'],
  events: {
    RESOLVE: { from: ['OPEN'], to: ['RESOLVED'], by: [RECONCILIATION_PERMISSIONS.resolve] },
  },
});

const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const Day = (description?: string) =>
  Type.String({ pattern: DAY_PATTERN, errorMessage: 'must be yyyy-MM-dd', ...(description && { description }) });
/** `day=<first>&day=<last>`, both included. */
const DayRange = Type.Array(Day(), { minItems: 2, maxItems: 2, description: 'first and last day, both included' });

/** One imported statement: a channel's day, with its rows counted per class, its money and its fees. */
export const ReconciliationImport = Type.Object({
  id: Type.Integer(),
  channel: OneOf(STATEMENT_CHANNELS),
  day: Type.String(),
  fileName: Type.String(),
  format: OneOf(STATEMENT_FORMATS),
  encoding: OneOf(STATEMENT_ENCODINGS),
  /** The statement's rows (payments and refunds). */
  rows: Type.Integer(),
  matched: Type.Integer(),
  amountDiffers: Type.Integer(),
  stateDiffers: Type.Integer(),
  oursOnly: Type.Integer(),
  channelOnly: Type.Integer(),
  /** Discrepancies of the import not resolved yet. */
  open: Type.Integer(),
  /** What the channel collected (paid rows) and settled back (refunded rows), in fen. */
  paidTotal: FenField(),
  refundedTotal: FenField(),
  /** The channel's fees of the day, net of fees returned on refunds, booked to the ledger. */
  fees: FenField(),
  /** How many times this channel's day was imported (a re-import replaces the classification). */
  imports: Type.Integer(),
  importedBy: Type.String(),
  importTime: DateTime,
});
export type ReconciliationImport = Static<typeof ReconciliationImport>;

/** The imported statements on the page: a row per channel's day, each class counted. */
export const IMPORT_COLUMNS = listColumns<ReconciliationImport>()({
  day: { field: 'day', title: 'reconciliation.day', sortable: true, width: 110 },
  channel: { field: 'channel', title: 'reconciliation.channel', kind: 'enum', labels: 'orders.channels', width: 100 },
  rows: { field: 'rows', title: 'reconciliation.rows', width: 90 },
  matched: { field: 'matched', title: 'reconciliation.classes.MATCHED', width: 90 },
  amountDiffers: { field: 'amountDiffers', title: 'reconciliation.classes.AMOUNT_DIFFERS', width: 90 },
  stateDiffers: { field: 'stateDiffers', title: 'reconciliation.classes.STATE_DIFFERS', width: 90 },
  oursOnly: { field: 'oursOnly', title: 'reconciliation.classes.OURS_ONLY', width: 90 },
  channelOnly: { field: 'channelOnly', title: 'reconciliation.classes.CHANNEL_ONLY', width: 90 },
  open: { field: 'open', title: 'reconciliation.open', width: 80 },
  fees: { field: 'fees', title: 'reconciliation.fees', kind: 'money', width: 110 },
  paidTotal: { field: 'paidTotal', title: 'reconciliation.paidTotal', kind: 'money', hidden: true, width: 130 },
  refundedTotal: {
    field: 'refundedTotal',
    title: 'reconciliation.refundedTotal',
    kind: 'money',
    hidden: true,
    width: 130,
  },
  fileName: { field: 'fileName', title: 'reconciliation.fileName', hidden: true, width: 200 },
  imports: { field: 'imports', title: 'reconciliation.importCount', hidden: true, width: 80 },
  importedBy: { field: 'importedBy', title: 'reconciliation.importedBy', hidden: true, width: 120 },
  importTime: { field: 'importTime', title: 'reconciliation.importTime', sortable: true, hidden: true, width: 170 },
});

export const ImportQuery = Type.Object({
  ...PageQuery.properties,
  channel: Type.Optional(OneOf(STATEMENT_CHANNELS)),
  day: Type.Optional(DayRange),
});
export type ImportQuery = Static<typeof ImportQuery>;

/** Which channel's day a statement file is: chosen by finance beside the file. */
export const ImportStatementQuery = Type.Object({
  channel: OneOf(STATEMENT_CHANNELS),
  day: Day('the statement’s day'),
});
export type ImportStatementQuery = Static<typeof ImportStatementQuery>;

/** A row of a statement or of ours that does not match the other side. */
export const Discrepancy = Type.Object({
  id: Type.Integer(),
  importId: Type.Integer(),
  channel: OneOf(STATEMENT_CHANNELS),
  day: Type.String(),
  class: OneOf(DISCREPANCY_CLASSES),
  kind: OneOf(DISCREPANCY_KINDS),
  /** Our order number (the channel's out_trade_no / 商户订单号). */
  orderNo: Type.Union([Type.String(), Type.Null()]),
  /** Our refund number (out_refund_no / 商户退款单号 / 退款批次号), for a refund. */
  refundNo: Type.Union([Type.String(), Type.Null()]),
  /** The channel's own number of the payment or refund. */
  channelRef: Type.Union([Type.String(), Type.Null()]),
  channelAmount: Type.Union([FenField(), Type.Null()]),
  ourAmount: Type.Union([FenField(), Type.Null()]),
  channelState: Type.Union([OneOf(CHANNEL_STATES), Type.Null()]),
  /** Our order's state (a payment) or our refund's status (a refund). */
  ourState: Type.Union([Type.String(), Type.Null()]),
  /** The statement's line it was read from. */
  line: Type.Union([Type.Integer(), Type.Null()]),
  state: OneOf(DISCREPANCY_STATES),
  note: Type.Union([Type.String(), Type.Null()]),
  resolvedBy: Type.Union([Type.String(), Type.Null()]),
  resolvedTime: Type.Union([DateTime, Type.Null()]),
});
export type Discrepancy = Static<typeof Discrepancy>;

/** The discrepancy queue, on the page and in its Excel file. */
export const DISCREPANCY_COLUMNS = listColumns<Discrepancy>()({
  day: { field: 'day', title: 'reconciliation.day', sortable: true, width: 110 },
  channel: { field: 'channel', title: 'reconciliation.channel', kind: 'enum', labels: 'orders.channels', width: 100 },
  class: {
    field: 'class',
    title: 'reconciliation.class',
    kind: 'enum',
    labels: 'reconciliation.classes',
    sortable: true,
    width: 120,
  },
  kind: { field: 'kind', title: 'reconciliation.kind', kind: 'enum', labels: 'reconciliation.kinds', width: 70 },
  orderNo: { field: 'orderNo', title: 'reconciliation.orderNo', width: 190 },
  refundNo: { field: 'refundNo', title: 'reconciliation.refundNo', hidden: true, width: 200 },
  channelRef: { field: 'channelRef', title: 'reconciliation.channelRef', hidden: true, width: 220 },
  channelAmount: { field: 'channelAmount', title: 'reconciliation.channelAmount', kind: 'money', width: 100 },
  ourAmount: { field: 'ourAmount', title: 'reconciliation.ourAmount', kind: 'money', width: 100 },
  channelState: {
    field: 'channelState',
    title: 'reconciliation.channelState',
    kind: 'enum',
    labels: 'reconciliation.channelStates',
    width: 100,
  },
  ourState: { field: 'ourState', title: 'reconciliation.ourState', width: 100 },
  line: { field: 'line', title: 'reconciliation.line', hidden: true, width: 80 },
  state: { field: 'state', title: 'reconciliation.state', kind: 'enum', labels: 'reconciliation.states', width: 90 },
  note: { field: 'note', title: 'reconciliation.note', width: 200 },
  resolvedBy: { field: 'resolvedBy', title: 'reconciliation.resolvedBy', hidden: true, width: 120 },
  resolvedTime: { field: 'resolvedTime', title: 'reconciliation.resolvedTime', hidden: true, width: 170 },
});

export const DiscrepancyQuery = Type.Object({
  ...PageQuery.properties,
  blurry: Type.Optional(Type.String({ maxLength: 64, description: 'part of an order, refund or channel number' })),
  class: Type.Optional(OneOf(DISCREPANCY_CLASSES)),
  channel: Type.Optional(OneOf(STATEMENT_CHANNELS)),
  state: Type.Optional(OneOf(DISCREPANCY_STATES)),
  importId: Type.Optional(Id()),
  day: Type.Optional(DayRange),
});
export type DiscrepancyQuery = Static<typeof DiscrepancyQuery>;

export const ResolveInput = Type.Object(
  { note: Type.String({ minLength: 1, maxLength: 500, description: 'what was found and done' }) },
  { additionalProperties: false },
);
export type ResolveInput = Static<typeof ResolveInput>;

/** The days of a period: what the ledger's close asks before closing it. */
export const PeriodQuery = Type.Object({ firstDay: Day(), lastDay: Day() });
export type PeriodQuery = Static<typeof PeriodQuery>;

export const OpenDiscrepancies = Type.Object({
  /** Discrepancies of imports of the period's days not resolved yet. */
  open: Type.Integer({ minimum: 0 }),
});
export type OpenDiscrepancies = Static<typeof OpenDiscrepancies>;
