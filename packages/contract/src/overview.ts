import Type, { type Static } from 'typebox';
import { OneOf } from './common.ts';
import { CHANNELS } from './gateway.ts';
import { FenField } from './money.ts';
import { FIGURE_PERIODS } from './sales-figures.ts';

/** Sales figures of a period, from the roll-ups: money in fen, volume in ml. */
export const SalesFigures = Type.Object({
  /** Paid minus refunded. */
  net: FenField(),
  paid: FenField(),
  refunded: FenField(),
  orders: Type.Integer(),
  dispensedMl: Type.Integer(),
  /** What coupons took off the orders paid. */
  coupon: FenField(),
  /** Paid per order, in fen (0 without orders). */
  averageTicket: FenField(),
});
export type SalesFigures = Static<typeof SalesFigures>;

const Ranked = Type.Object({ id: Type.Integer(), name: Type.String(), net: FenField() });

/** The business home page: everything within the user's data scope, from the roll-ups. */
export const BusinessOverview = Type.Object({
  today: SalesFigures,
  yesterday: SalesFigures,
  month: SalesFigures,
  lastMonth: SalesFigures,
  /** Net revenue of each of the last 30 days, oldest first (`yyyy-MM-dd`). */
  daily: Type.Array(Type.Object({ day: Type.String(), net: FenField(), orders: Type.Integer() })),
  machines: Type.Object({
    operating: Type.Integer(),
    online: Type.Integer(),
    offline: Type.Integer(),
    faulty: Type.Integer(),
  }),
  openAlarms: Type.Integer(),
  /** This month's payments per channel. */
  paymentMix: Type.Array(Type.Object({ channel: OneOf(CHANNELS), paid: FenField(), orders: Type.Integer() })),
  /** This month's best and worst selling machines and sites (operating machines, open sites). */
  topMachines: Type.Array(Ranked),
  bottomMachines: Type.Array(Ranked),
  topSites: Type.Array(Ranked),
  bottomSites: Type.Array(Ranked),
});
export type BusinessOverview = Static<typeof BusinessOverview>;

/** What the ranking asks for: the period, today unless told. */
export const RankingQuery = Type.Object({ period: Type.Optional(OneOf(FIGURE_PERIODS)) });
export type RankingQuery = Static<typeof RankingQuery>;

/** The most the ranking lists of each kind. */
export const RANKING_SIZE = 10;

const RankedFigures = Type.Object({
  id: Type.Integer(),
  /** An agent's or a site's name, a machine's serial number. */
  name: Type.String(),
  net: FenField({ description: 'paid less refunded in the period, fen' }),
  orders: Type.Integer({ description: 'orders paid in the period' }),
  dispensedMl: Type.Integer(),
});
export type RankedFigures = Static<typeof RankedFigures>;

/**
 * The agents, sites and machines that sold most in a period (by net sales, at most RANKING_SIZE
 * of each; only those that sold), within the caller's data scope, from the roll-ups. An agent's
 * figures are its own machines' sales.
 */
export const BusinessRanking = Type.Object({
  period: OneOf(FIGURE_PERIODS),
  /** The days of the period, `yyyy-MM-dd`, both included (the server's time zone). */
  from: Type.String(),
  to: Type.String(),
  agents: Type.Array(RankedFigures),
  sites: Type.Array(RankedFigures),
  machines: Type.Array(RankedFigures),
});
export type BusinessRanking = Static<typeof BusinessRanking>;
