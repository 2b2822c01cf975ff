import Type, { type Static } from 'typebox';
import { DateTime, Id, OneOf } from './common.ts';
import { Day } from './ledger.ts';
import { FenField } from './money.ts';
import { EMAIL_PATTERN } from './validators.ts';

/** Who reads the reports, downloads their files and keeps their schedules. */
export const REPORT_PERMISSIONS = { list: 'report:list' } as const;

/** A report's periods: its series has a point per day or per month. */
export const REPORT_PERIODS = ['DAY', 'MONTH'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** What a report's rows are per. */
export const REPORT_GROUPINGS = ['agent', 'site', 'machine', 'channel'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const REPORT_FORMATS = ['XLSX', 'PDF'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The longest range of days a report reads (a year). */
export const REPORT_MAX_DAYS = 366;

export const ReportQuery = Type.Object({
  period: OneOf(REPORT_PERIODS),
  /** First and last day, both included (monthly: the months that hold them). */
  from: Day,
  to: Day,
  by: OneOf(REPORT_GROUPINGS),
  /** Only this agent's sales (within the caller's data scope). */
  agentId: Type.Optional(Id()),
});
export type ReportQuery = Static<typeof ReportQuery>;

const nullableFen = () => Type.Union([FenField(), Type.Null()]);
const nullablePercent = () => Type.Union([Type.String(), Type.Null()]);

/**
 * The figures of a report's row, point or total. Sales from the roll-ups; commission, channel
 * fees and card liabilities from the ledger, null where the grouping cannot carry them (fees are
 * per channel, commission and cards per agent); SLA attainment from the work orders, null where
 * the grouping has none (channels) or no order was due.
 */
export const ReportFigures = Type.Object({
  /** Fen paid. */
  revenue: FenField(),
  refunded: FenField(),
  /** Revenue less refunds. */
  net: FenField(),
  orders: Type.Integer(),
  dispensedMl: Type.Integer(),
  /** Revenue per order, rounded half up to the fen. */
  averageTicket: FenField(),
  coupon: FenField(),
  /** Commission earned (less what refunds gave back). */
  commission: nullableFen(),
  /** What payment channels kept as fees. */
  channelFees: nullableFen(),
  /** What cardholders may still spend, at the end of the period. */
  cardLiabilities: nullableFen(),
  /** Per cent of work orders whose response / resolution was in time (`"95.00"`). */
  slaResponseMet: nullablePercent(),
  slaResolutionMet: nullablePercent(),
});
export type ReportFigures = Static<typeof ReportFigures>;

export const ReportRow = Type.Object({
  /** The agent's, site's or machine's id, or the channel; null for sales without a site. */
  key: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  ...ReportFigures.properties,
});
export type ReportRow = Static<typeof ReportRow>;

export const ReportPoint = Type.Object({
  /** `yyyy-MM-dd` or `yyyy-MM`. */
  period: Type.String(),
  ...ReportFigures.properties,
});
export type ReportPoint = Static<typeof ReportPoint>;

export const Report = Type.Object({
  period: OneOf(REPORT_PERIODS),
  from: Day,
  to: Day,
  by: OneOf(REPORT_GROUPINGS),
  rows: Type.Array(ReportRow),
  series: Type.Array(ReportPoint),
  totals: ReportFigures,
});
export type Report = Static<typeof Report>;

/** A report's file, asked for: made in the background and downloaded from the jobs drawer. */
export const ReportFileInput = Type.Object(
  { ...ReportQuery.properties, format: OneOf(REPORT_FORMATS) },
  { additionalProperties: false },
);
export type ReportFileInput = Static<typeof ReportFileInput>;

export const REPORT_FILE_STATUSES = ['PENDING', 'DONE', 'FAILED'] as const;

export const ReportFile = Type.Object({
  id: Type.Integer(),
  format: OneOf(REPORT_FORMATS),
  status: OneOf(REPORT_FILE_STATUSES),
  size: Type.Union([Type.Integer(), Type.Null()]),
  createTime: DateTime,
});
export type ReportFile = Static<typeof ReportFile>;

export const REPORT_RECIPIENTS_MAX = 20;
const Recipient = Type.String({ maxLength: 255, pattern: EMAIL_PATTERN, errorMessage: 'must be an e-mail address' });

/** A report e-mailed after each day or month closes. */
export const ReportScheduleInput = Type.Object(
  {
    id: Type.Optional(Id()),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    period: OneOf(REPORT_PERIODS),
    by: OneOf(REPORT_GROUPINGS),
    format: OneOf(REPORT_FORMATS),
    recipients: Type.Array(Recipient, { minItems: 1, maxItems: REPORT_RECIPIENTS_MAX }),
    enabled: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ReportScheduleInput = Static<typeof ReportScheduleInput>;

export const ReportSchedule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  period: OneOf(REPORT_PERIODS),
  by: OneOf(REPORT_GROUPINGS),
  format: OneOf(REPORT_FORMATS),
  recipients: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** The language its files and mails are written in (its author's). */
  language: Type.String(),
  createBy: Type.String(),
  /** The last day or month sent, when, and why the last try failed (null once one succeeds). */
  lastPeriod: Type.Union([Type.String(), Type.Null()]),
  lastSentTime: Type.Union([DateTime, Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type ReportSchedule = Static<typeof ReportSchedule>;
