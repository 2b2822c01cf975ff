import type { DashboardStats } from '@water/contract/logs';
import { hasAnyPermission, DASHBOARD_FIGURE_PERMISSIONS as SEES } from '@water/contract/permissions';
import type { Principal } from '../../domain/principal.ts';
import type { Deps } from '../../lib/deps.ts';
import { formatDay, startOfDay } from '../../lib/time.ts';
import { dashboardRepository as repo } from './dashboard.repository.ts';

const DAYS = 7;

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  /** The sign-ins of each of the last 7 days, today included, of users in the scope. */
  async function signIns(scope: Principal['scope'], now: Date) {
    const since = startOfDay(now, -(DAYS - 1));
    const perDay = new Map<string, number>();
    for (const at of await repo.signInTimes(db, since, scope)) {
      perDay.set(formatDay(at), (perDay.get(formatDay(at)) ?? 0) + 1);
    }
    return Array.from({ length: DAYS }, (_, index) => {
      const date = formatDay(startOfDay(since, index));
      return { date, count: perDay.get(date) ?? 0 };
    });
  }

  return {
    /**
     * The home page's figures, each only for a caller that may list what it counts (else null),
     * and counted within the caller's data scope.
     */
    async stats(principal: Principal): Promise<DashboardStats> {
      const now = clock.now();
      const may = (permissions: readonly string[]) => hasAnyPermission(principal.permissions, permissions);
      const when = <T>(allowed: boolean, figure: () => Promise<T>) => (allowed ? figure() : Promise.resolve(null));
      const [users, onlineUsers, menus, dicts, days] = await Promise.all([
        when(may(SEES.users), () => repo.users(db, principal.scope)),
        when(may(SEES.onlineUsers), () => repo.onlineUsers(db, now, principal.scope)),
        when(may(SEES.menus), () => repo.menus(db)),
        when(may(SEES.dicts), () => repo.dicts(db)),
        when(may(SEES.signIns), () => signIns(principal.scope, now)),
      ]);
      return { users, onlineUsers, menus, dicts, signIns: days };
    },
  };
}
