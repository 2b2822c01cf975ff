import Type, { type Static } from 'typebox';
import { AlarmOrderDelays } from './alarm-order-delays.ts';
import { CardBonusRule } from './cards.ts';
import { GLOBAL_SETTING_QUERY, PUBLICITY_IMAGE_PATTERN, PUBLICITY_MAX_IMAGES } from './constants.ts';
import { MapTiles } from './map-tiles.ts';
import { FenField } from './money.ts';
import { FeePercent } from './withdrawals.ts';

/** Public content of the publicity page. */
export const Publicity = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  body: Type.Optional(Type.String({ maxLength: 20000 })),
  contact: Type.Optional(Type.String({ maxLength: 500 })),
  images: Type.Optional(
    Type.Array(
      Type.String({
        maxLength: 500,
        pattern: PUBLICITY_IMAGE_PATTERN,
        errorMessage: 'must be an uploaded image or an https address',
      }),
      { maxItems: PUBLICITY_MAX_IMAGES },
    ),
  ),
});
export type Publicity = Static<typeof Publicity>;

/** What `api/global/setting` holds for one side: every field optional, `{}` when nothing is set. */
export const GlobalSettings = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 200 })),
    footerTxt: Type.Optional(Type.String({ maxLength: 500 })),
    caseNumber: Type.Optional(Type.String({ maxLength: 100 })),
    publicity: Type.Optional(Publicity),
    /**
     * Fen: a staff refund of at most this much by card or coins goes back at once; a larger one,
     * and every one through WeChat or Alipay, waits for a second person's review. Absent or 0:
     * every staff refund is reviewed.
     */
    refundReviewAbove: Type.Optional(FenField({ minimum: 0, maximum: 10_000_000 })),
    /** Fen: the least amount one withdrawal may ask for (absent: any amount from 1 fen). */
    withdrawalMinimum: Type.Optional(FenField({ minimum: 0, maximum: 100_000_000 })),
    /** Fen: a fixed fee taken from each withdrawal (absent: none). */
    withdrawalFeeFixed: Type.Optional(FenField({ minimum: 0, maximum: 1_000_000 })),
    /** A percentage of each withdrawal taken as fee besides the fixed one, rounded half up to the fen (absent: none). */
    withdrawalFeePercent: Type.Optional(FeePercent),
    /** Water cards: the bonus a top-up earns (the highest rule it reaches); none: no bonus. */
    cardBonusRules: Type.Optional(Type.Array(CardBonusRule, { maxItems: 10 })),
    /**
     * Water cards: the share (percent) of an agent's card balances its available commission
     * should cover; below it the liabilities report warns. Absent: 20.
     */
    cardReserveSharePct: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    /** How long an alarm of each type stays open before it becomes a repair order (absent: the defaults). */
    alarmOrderDelays: Type.Optional(AlarmOrderDelays),
    /** Filter schedules: a stage is due soon, and gets its filter-change order, this many days ahead. Absent: 7. */
    filterLeadDays: Type.Optional(Type.Integer({ minimum: 0, maximum: 90 })),
    /** The phone number consumers call, shown on every machine's page and sticker (public). */
    servicePhone: Type.Optional(
      Type.String({ pattern: '^[0-9+\\- ]{3,20}$', errorMessage: 'must be a phone number (digits, +, - and spaces)' }),
    ),
    /** The fleet map's tiles (absent: none, a blank background). Public: never a secret here. */
    mapTiles: Type.Optional(MapTiles),
  },
  { additionalProperties: false },
);
export type GlobalSettings = Static<typeof GlobalSettings>;

export const GlobalSettingsQuery = Type.Object({
  sideCode: Type.String({ minLength: 1, maxLength: 32, default: GLOBAL_SETTING_QUERY.sideCode }),
  fromType: Type.String({ minLength: 1, maxLength: 32, default: GLOBAL_SETTING_QUERY.fromType }),
});
