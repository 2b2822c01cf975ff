import { asFen, type Fen } from '@water/contract/money';
import {
  type BusinessOverview,
  type BusinessRanking,
  RANKING_SIZE,
  type RankingQuery,
  type SalesFigures,
} from '@water/contract/overview';
import dayjs from 'dayjs';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { agentIdsInScope } from '../agents/agent-directory.ts';
import { daysOf, periodDays } from '../sales/sales-figures.ts';
import { overviewRepository as repo } from './overview.repository.ts';

const DAY = 'YYYY-MM-DD';
const RANKED = 5;

function salesFigures(row: {
  paid: Fen;
  refunded: Fen;
  orders: number;
  dispensedMl: number;
  coupon: Fen;
}): SalesFigures {
  return {
    net: asFen(row.paid - row.refunded),
    paid: row.paid,
    refunded: row.refunded,
    orders: row.orders,
    dispensedMl: row.dispensedMl,
    coupon: row.coupon,
    averageTicket: asFen(row.orders > 0 ? Math.round(row.paid / row.orders) : 0),
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;

/**
 * The business home page: today's and this month's sales with the periods before, the last 30
 * days, machines' health, open alarms, payment mix and the best and worst machines and sites;
 * all from the roll-ups, within the caller's data scope.
 */
export function createOverviewService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /** The agents, sites and machines that sold most in the period, within the caller's data scope. */
    async ranking(principal: Principal, query: RankingQuery): Promise<BusinessRanking> {
      const period = query.period ?? 'TODAY';
      const days = daysOf(period, periodDays(clock.now()));
      const agentIds = await agentIdsInScope(db, principal.scope);
      const [agents, sites, machines] = await Promise.all([
        repo.top(db, agentIds, 'agent', days, RANKING_SIZE),
        repo.top(db, agentIds, 'site', days, RANKING_SIZE),
        repo.top(db, agentIds, 'machine', days, RANKING_SIZE),
      ]);
      return { period, ...days, agents, sites, machines };
    },

    async overview(principal: Principal): Promise<BusinessOverview> {
      const agentIds = await agentIdsInScope(db, principal.scope);
      const today = dayjs(clock.now());
      const day = (value: dayjs.Dayjs) => value.format(DAY);
      const monthStart = today.startOf('month');
      // The same days of the month before, for a fair comparison.
      const lastMonthStart = monthStart.subtract(1, 'month');
      const lastMonthSameDay = lastMonthStart.date(Math.min(today.date(), lastMonthStart.daysInMonth()));
      const thirtyDaysAgo = today.subtract(29, 'day');
      const [todayRow, yesterdayRow, monthRow, lastMonthRow, daily, mix, health, openAlarms] = await Promise.all([
        repo.sales(db, agentIds, day(today), day(today)),
        repo.sales(db, agentIds, day(today.subtract(1, 'day')), day(today.subtract(1, 'day'))),
        repo.sales(db, agentIds, day(monthStart), day(today)),
        repo.sales(db, agentIds, day(lastMonthStart), day(lastMonthSameDay)),
        repo.daily(db, agentIds, day(thirtyDaysAgo), day(today)),
        repo.paymentMix(db, agentIds, day(monthStart), day(today)),
        repo.machineHealth(db, agentIds),
        repo.openAlarms(db, agentIds),
      ]);
      const ranked = (kind: 'machines' | 'sites', order: 'best' | 'worst') =>
        repo.ranked(db, agentIds, kind, day(monthStart), day(today), order, RANKED);
      const [topMachines, bottomMachines, topSites, bottomSites] = await Promise.all([
        ranked('machines', 'best'),
        ranked('machines', 'worst'),
        ranked('sites', 'best'),
        ranked('sites', 'worst'),
      ]);
      const byDay = new Map(daily.map((row) => [row.day, row]));
      return {
        today: salesFigures(todayRow),
        yesterday: salesFigures(yesterdayRow),
        month: salesFigures(monthRow),
        lastMonth: salesFigures(lastMonthRow),
        daily: Array.from({ length: 30 }, (_, index) => {
          const date = day(thirtyDaysAgo.add(index, 'day'));
          const row = byDay.get(date);
          return { day: date, net: asFen(row ? row.paid - row.refunded : 0), orders: row?.orders ?? 0 };
        }),
        machines: {
          operating: health.operating,
          online: health.online,
          offline: health.operating - health.online,
          faulty: health.faulty,
        },
        openAlarms,
        paymentMix: mix
          .map((row) => ({ channel: row.channel, paid: row.paid, orders: row.orders }))
          .sort((a, b) => b.paid - a.paid),
        topMachines,
        bottomMachines,
        topSites,
        bottomSites,
      };
    },
  };
}
