import Type, { type Static } from 'typebox';
import { listColumns } from './list-columns.ts';
import { type Fen, FenField } from './money.ts';

/** The periods the figures of an agent, site or machine cover: today, this week (from Monday) and this month. */
export const FIGURE_PERIODS = ['TODAY', 'WEEK', 'MONTH'] as const;
export type FigurePeriod = (typeof FIGURE_PERIODS)[number];

const period = (what: string) => ({
  net: FenField({ description: `net sales ${what}: paid less refunded, in fen` }),
  orders: Type.Integer({ description: `orders paid ${what}` }),
  ml: Type.Integer({ description: `millilitres dispensed ${what}` }),
});
const today = period('today');
const week = period('this week (from Monday)');
const month = period('this month');

/**
 * An agent's, a site's or a machine's sales of today, this week and this month, from the sales
 * roll-ups (in the server's time zone), counting only the agents the caller reaches: in lists,
 * their files and details; absent from answers about a single change.
 */
export const PeriodFigureFields = {
  todayNet: Type.Optional(today.net),
  todayOrders: Type.Optional(today.orders),
  todayMl: Type.Optional(today.ml),
  weekNet: Type.Optional(week.net),
  weekOrders: Type.Optional(week.orders),
  weekMl: Type.Optional(week.ml),
  monthNet: Type.Optional(month.net),
  monthOrders: Type.Optional(month.orders),
  monthMl: Type.Optional(month.ml),
};
const PeriodFigures = Type.Object(PeriodFigureFields);
export type PeriodFigures = Static<typeof PeriodFigures>;

/** One period's figures. */
export interface Figures {
  net: Fen;
  orders: number;
  ml: number;
}

/** The figures of a period in a row's fields (`today` → todayNet, todayOrders, todayMl). */
export function figuresOf(row: PeriodFigures, of: 'today' | 'week' | 'month'): Figures | undefined {
  const net = row[`${of}Net`];
  if (net === undefined) return undefined;
  return { net, orders: row[`${of}Orders`] ?? 0, ml: row[`${of}Ml`] ?? 0 };
}

/**
 * The figures' columns of a list: each period's net sales, the page showing its orders and litres
 * within it; today's shown unless `todayHidden`, the week's and the month's in the column chooser.
 */
export const periodFigureColumns = <Row extends PeriodFigures>(options: { todayHidden?: boolean } = {}) =>
  listColumns<Row>()({
    todayNet: {
      field: 'todayNet',
      title: 'figures.todayNet',
      kind: 'money',
      hidden: options.todayHidden,
      width: 110,
    },
    todayOrders: { field: 'todayOrders', title: 'figures.todayOrders', fileOnly: true },
    todayMl: { field: 'todayMl', title: 'figures.todayVolume', kind: 'ml', fileOnly: true },
    weekNet: { field: 'weekNet', title: 'figures.weekNet', kind: 'money', hidden: true, width: 110 },
    weekOrders: { field: 'weekOrders', title: 'figures.weekOrders', fileOnly: true },
    weekMl: { field: 'weekMl', title: 'figures.weekVolume', kind: 'ml', fileOnly: true },
    monthNet: { field: 'monthNet', title: 'figures.monthNet', kind: 'money', hidden: true, width: 110 },
    monthOrders: { field: 'monthOrders', title: 'figures.monthOrders', fileOnly: true },
    monthMl: { field: 'monthMl', title: 'figures.monthVolume', kind: 'ml', fileOnly: true },
  });
