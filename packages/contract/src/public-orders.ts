import Type, { type Static } from 'typebox';
import { DateTime, Id, OneOf } from './common.ts';
import { ORDER_STATES, WATER } from './gateway.ts';
import { FenField } from './money.ts';
import { REFUND_REASONS } from './orders.ts';

/**
 * Buying water on a machine's public page (`/m/{stickerCode}`), without a staff session: a
 * quote, an order paid through a channel or a water card, the order followed by the phone that
 * holds its access token, and a "fill until I stop" order stopped (docs/gateway.md, DISPENSE).
 */

/** The headers a consumer's phone sends: its phone sign-in, and the proof it holds an order. */
export const PUBLIC_HEADERS = { consumer: 'x-consumer-token', order: 'x-order-token' } as const;

/** The channels a consumer pays with on the page (coins are only ever taken by the machine). */
export const PUBLIC_CHANNELS = ['WECHAT', 'ALIPAY', 'CARD'] as const;
export type PublicChannel = (typeof PUBLIC_CHANNELS)[number];

/** The volumes the page offers. */
export const PUBLIC_VOLUMES_ML = [500, 1000, 1500, 3000, 5000, 10000] as const;
/** The least a consumer may buy. */
export const PUBLIC_MIN_ML = 100;
/** The most one fill gives (and what a "fill until I stop" order is made for unless asked for less). */
export const PUBLIC_MAX_ML = 10_000;

/** A machine's public code: the code printed on its sticker, in either case. */
export const StickerCodeParam = Type.Object({
  code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', errorMessage: 'must be a machine’s sticker code' }),
});

/** An order as the page names it: our order number. */
export const PublicOrderNoParam = Type.Object({
  orderNo: Type.String({ pattern: '^\\d{18}$', errorMessage: 'must be an order number' }),
});

const saleFields = {
  tap: Type.Integer({ minimum: 1, maximum: 2 }),
  waterType: OneOf(WATER),
  /** The volume; with `fillUntilStop`, the most to fill (the machine's maximum fill when absent). */
  ml: Type.Optional(Type.Integer({ minimum: PUBLIC_MIN_ML, maximum: PUBLIC_MAX_ML })),
  /** Fill until the consumer stops it (machines that bill by flow): settled by the volume dispensed. */
  fillUntilStop: Type.Optional(Type.Literal(true)),
  channel: OneOf(PUBLIC_CHANNELS),
  /** One of the signed-in consumer's coupons. */
  couponId: Type.Optional(Id()),
};

export const PublicQuoteInput = Type.Object(saleFields, { additionalProperties: false });
export type PublicQuoteInput = Static<typeof PublicQuoteInput>;

/** What the order would cost, in fen: `payable = max(0, list − discount − coupon)`. */
export const PublicQuote = Type.Object({
  unitPrice: FenField({ description: 'fen per litre' }),
  requestedMl: Type.Integer(),
  listAmount: FenField(),
  discountAmount: FenField({ description: 'the price policy’s discount' }),
  couponAmount: FenField(),
  payable: FenField(),
});
export type PublicQuote = Static<typeof PublicQuote>;

export const PublicCard = Type.Object(
  {
    cardNo: Type.String({ pattern: '^\\d{16}$', errorMessage: 'must be a card number: 16 digits' }),
    cardSecret: Type.String({
      pattern: '^[A-Za-z0-9]{1,32}$',
      errorMessage: 'must be the card’s secret: letters and digits',
    }),
  },
  { additionalProperties: false },
);

export const PublicOrderInput = Type.Object(
  {
    ...saleFields,
    /** The water card that pays a CARD order. */
    card: Type.Optional(PublicCard),
  },
  { additionalProperties: false },
);
export type PublicOrderInput = Static<typeof PublicOrderInput>;

/** How the page starts paying: go to the channel's page, or call the WeChat bridge with these parameters. */
export const PublicPayment = Type.Union([
  Type.Object({ kind: Type.Literal('REDIRECT'), url: Type.String() }),
  Type.Object({ kind: Type.Literal('WECHAT_BRIDGE'), params: Type.Record(Type.String(), Type.String()) }),
  Type.Null(),
]);
export type PublicPayment = Static<typeof PublicPayment>;

export const PublicOrderCreated = Type.Object({
  orderNo: Type.String(),
  /** Send it as `X-Order-Token` to follow or stop the order, or to report a problem with it. */
  accessToken: Type.String(),
  payable: FenField(),
  /** Null when nothing is left to pay (a coupon covered it, or a card paid at once). */
  payment: PublicPayment,
});
export type PublicOrderCreated = Static<typeof PublicOrderCreated>;

const nullableTime = Type.Union([DateTime, Type.Null()]);

/** An order as the phone that holds it follows it. */
export const PublicOrder = Type.Object({
  orderNo: Type.String(),
  state: OneOf(ORDER_STATES),
  tap: Type.Integer(),
  waterType: OneOf(WATER),
  requestedMl: Type.Integer(),
  dispensedMl: Type.Union([Type.Integer(), Type.Null()]),
  fillUntilStop: Type.Boolean(),
  unitPrice: FenField({ description: 'fen per litre' }),
  listAmount: FenField(),
  discountAmount: FenField(),
  couponAmount: FenField(),
  payable: FenField(),
  paid: FenField(),
  refunded: FenField(),
  /** Why money went back (the latest refund's reason), or null. */
  refundReason: Type.Union([OneOf(REFUND_REASONS), Type.Null()]),
  createTime: DateTime,
  paidTime: nullableTime,
  dispenseEndTime: nullableTime,
});
export type PublicOrder = Static<typeof PublicOrder>;
