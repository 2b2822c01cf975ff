import Type, { type Static } from 'typebox';
import { TDS_OUT_MAX } from './alarms.ts';
import { OneOf } from './common.ts';
import { FenField } from './money.ts';

/**
 * The consumer's page behind a machine's sticker: what anyone who scans it reads (never the
 * agent, its commission, the serial number, staff or any consumer's data), and the problems they
 * report.
 */

/** A sticker code on the wire: the eight letters of a random code, or an older machine's up to 64. */
export const StickerCodeParams = Type.Object({
  code: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]+$',
    errorMessage: 'must be a sticker code',
  }),
});
export type StickerCodeParams = Static<typeof StickerCodeParams>;

/**
 * Why a machine is not selling now: out of service (suspended, or no agent), silent, locked for
 * maintenance, faulty, or without prices.
 */
export const NOT_SELLING = ['NOT_OPERATING', 'OFFLINE', 'MAINTENANCE', 'FAULT', 'NO_PRICE'] as const;
export type NotSelling = (typeof NOT_SELLING)[number];

/**
 * The one rule of "selling now", for the page that shows it and the order that needs it: why the
 * machine does not sell, the first reason that holds, or null when it does.
 */
export function notSellingReason(machine: {
  lifecycle: string;
  agentId: number | null;
  online: boolean;
  maintenance: boolean;
  faultBits: number;
  priced: boolean;
}): NotSelling | null {
  if (machine.lifecycle !== 'OPERATING' || machine.agentId === null) return 'NOT_OPERATING';
  if (!machine.online) return 'OFFLINE';
  if (machine.maintenance) return 'MAINTENANCE';
  if (machine.faultBits !== 0) return 'FAULT';
  if (!machine.priced) return 'NO_PRICE';
  return null;
}

/** What a consumer's water looks like, in plain words. */
export const WATER_VERDICTS = ['EXCELLENT', 'GOOD', 'ACCEPTABLE', 'POOR'] as const;
export type WaterVerdict = (typeof WATER_VERDICTS)[number];

/**
 * The verdict of a TDS out reading (ppm): the alarm threshold (`TDS_OUT_MAX`, above which TDS_HIGH
 * is raised) is the edge of GOOD, so a machine in alarm never reads better than ACCEPTABLE.
 */
export const WATER_VERDICT_MAX_TDS: Record<Exclude<WaterVerdict, 'POOR'>, number> = {
  EXCELLENT: Math.floor(TDS_OUT_MAX / 2),
  GOOD: TDS_OUT_MAX,
  ACCEPTABLE: TDS_OUT_MAX * 2,
};

export function waterVerdictOf(tdsOut: number | null): WaterVerdict | null {
  if (tdsOut === null) return null;
  if (tdsOut <= WATER_VERDICT_MAX_TDS.EXCELLENT) return 'EXCELLENT';
  if (tdsOut <= WATER_VERDICT_MAX_TDS.GOOD) return 'GOOD';
  if (tdsOut <= WATER_VERDICT_MAX_TDS.ACCEPTABLE) return 'ACCEPTABLE';
  return 'POOR';
}

/** The volumes the page offers, in ml. */
export const CONSUMER_VOLUMES_ML = [500, 1000, 1500, 3000, 5000, 10000] as const;

const WaterType = OneOf(['COLD', 'HOT'] as const);
const NullableString = Type.Union([Type.String(), Type.Null()]);

export const PublicMachine = Type.Object({
  code: Type.String(),
  name: Type.String(),
  siteName: Type.String(),
  siteAddress: NullableString,
  selling: Type.Boolean(),
  notSelling: Type.Union([OneOf(NOT_SELLING), Type.Null()]),
  taps: Type.Array(Type.Object({ tap: Type.Integer({ minimum: 1 }), waterTypes: Type.Array(WaterType) })),
  /** Fen per litre on each channel, after the policy's discount; null while no policy prices the machine. */
  unitPrices: Type.Union([Type.Object({ WECHAT: FenField(), ALIPAY: FenField(), CARD: FenField() }), Type.Null()]),
  memberPrice: Type.Union([FenField(), Type.Null()]),
  /** The model bills by flow: a consumer may fill until they stop, and pays for what was dispensed. */
  fillUntilStop: Type.Boolean(),
  volumesMl: Type.Array(Type.Integer()),
  maxMl: Type.Integer(),
  /** The channels a consumer can pay with now. */
  channels: Type.Array(OneOf(['WECHAT', 'ALIPAY'] as const)),
  /** Water cards are accepted. */
  cards: Type.Boolean(),
  water: Type.Object({
    tdsOut: Type.Union([Type.Integer(), Type.Null()]),
    verdict: Type.Union([OneOf(WATER_VERDICTS), Type.Null()]),
    at: NullableString,
  }),
  /** `yyyy-MM-dd`. */
  filtersChangedOn: NullableString,
  servicePhone: NullableString,
});
export type PublicMachine = Static<typeof PublicMachine>;

export const REPORT_CATEGORIES = ['NO_WATER', 'TOOK_MONEY', 'BAD_TASTE', 'DIRTY', 'OTHER'] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];

/** A photo resized on the phone, as a data URL (at most ~500 KB of image). */
export const REPORT_PHOTO_PATTERN = '^data:image/(jpeg|png|webp);base64,[A-Za-z0-9+/]+={0,2}$';
export const REPORT_PHOTO_MAX_CHARS = 700_000;

export const ConsumerReportInput = Type.Object(
  {
    category: OneOf(REPORT_CATEGORIES),
    note: Type.Optional(Type.String({ maxLength: 500 })),
    phone: Type.Optional(Type.String({ pattern: '^1\\d{10}$', errorMessage: 'must be a mobile phone number' })),
    orderNo: Type.Optional(Type.String({ pattern: '^\\d{6,32}$', errorMessage: 'must be an order number' })),
    orderToken: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    photo: Type.Optional(
      Type.String({
        maxLength: REPORT_PHOTO_MAX_CHARS,
        pattern: REPORT_PHOTO_PATTERN,
        errorMessage: 'must be a jpeg, png or webp image as a data URL',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ConsumerReportInput = Static<typeof ConsumerReportInput>;

export const ConsumerReportAnswer = Type.Object({ reportNo: Type.String() });
export type ConsumerReportAnswer = Static<typeof ConsumerReportAnswer>;

/** A consumer's report as staff read it under its alarm. */
export const ConsumerReport = Type.Object({
  reportNo: Type.String(),
  category: OneOf(REPORT_CATEGORIES),
  note: NullableString,
  /** Masked: 138****8000. */
  phone: NullableString,
  orderNo: NullableString,
  /** The stored photo's name (GET …/reports/:reportNo/photo). */
  photo: NullableString,
  createTime: Type.String(),
});
export type ConsumerReport = Static<typeof ConsumerReport>;

/** A consumer's report naming an order, as the order's detail shows it (with the alarm that gathers it). */
export const OrderReport = Type.Object({
  reportNo: Type.String(),
  alarmId: Type.Integer(),
  category: OneOf(REPORT_CATEGORIES),
  createTime: Type.String(),
});
export type OrderReport = Static<typeof OrderReport>;

/** Reports a consumer may send from one address in an hour, and about one machine in an hour. */
export const REPORT_LIMITS = { perIpPerHour: 5, perMachinePerHour: 30 } as const;
/** Reads of machines' pages from one address in a minute, and of one machine in a minute. */
export const READ_LIMITS = { perIpPerMinute: 120, perMachinePerMinute: 600 } as const;
