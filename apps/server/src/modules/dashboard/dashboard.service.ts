import type { DashboardStats } from '@water/contract/logs';
import type { Deps } from '../../lib/deps.ts';
import { formatDay, startOfDay } from '../../lib/time.ts';
import { dashboardRepository as repo } from './dashboard.repository.ts';

const DAYS = 7;

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /** The home page's counts and the sign-ins of each of the last 7 days, today included. */
    async stats(): Promise<DashboardStats> {
      const now = clock.now();
      const since = startOfDay(now, -(DAYS - 1));
      const [users, onlineUsers, menus, dicts, signIns] = await Promise.all([
        repo.users(db),
        repo.onlineUsers(db, now),
        repo.menus(db),
        repo.dicts(db),
        repo.signInTimes(db, since),
      ]);
      const perDay = new Map<string, number>();
      for (const at of signIns) perDay.set(formatDay(at), (perDay.get(formatDay(at)) ?? 0) + 1);
      return {
        users,
        onlineUsers,
        menus,
        dicts,
        signIns: Array.from({ length: DAYS }, (_, index) => {
          const date = formatDay(startOfDay(since, index));
          return { date, count: perDay.get(date) ?? 0 };
        }),
      };
    },
  };
}
